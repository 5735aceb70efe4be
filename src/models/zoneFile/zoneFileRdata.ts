import * as l10n from '@vscode/l10n';
import { checkRecordContent, recordTextForm } from '../recordContent';
import type { EditableRecordType } from '../recordContent';
import type { FieldProblem } from '../../validation/problems';
import { nameAgainstOrigin } from './zoneFileNames';
import { tokenProblem, tokensProblem } from './zoneFileProblems';
import type { ZoneFileProblem, ZoneFileToken } from './zoneFileProblems';
import { decodeCharacterString } from './zoneFileText';

/**
 * The data of a record of an editable type read into the content the API takes: host names made absolute
 * with their trailing dot, as the API wants them; texts unescaped; a TXT's strings joined into the one text
 * the API holds (it splits the text again itself). The content passes the type's checks, whose messages say
 * what is wrong at the part's place.
 */

type PartKind = 'word' | 'host' | 'text';

/** The parts of each type's data, in order; a TXT is any number of strings. */
const LAYOUTS: Readonly<Record<Exclude<EditableRecordType, 'TXT'>, readonly PartKind[]>> = {
  A: ['word'],
  AAAA: ['word'],
  CNAME: ['host'],
  NS: ['host'],
  PTR: ['host'],
  MX: ['word', 'host'],
  SRV: ['word', 'word', 'word', 'host'],
  CAA: ['word', 'word', 'text'],
};

const PART_INDEX = /^\[(\d+)\]$/;

/** Returns the content, or undefined after adding the problems that refuse it. */
export function readRecordContent(
  type: EditableRecordType,
  data: readonly ZoneFileToken[],
  origin: string,
  typeToken: ZoneFileToken,
  problems: ZoneFileProblem[],
): unknown[] | undefined {
  const refuseShape = (): undefined => {
    problems.push(tokensProblem(data.length > 0 ? data : [typeToken], l10n.t('{0} data must be {1}', type, recordTextForm(type))));
    return undefined;
  };
  let parts: unknown[];
  if (type === 'TXT') {
    if (data.length === 0) return refuseShape();
    const texts = data.map((token) => text(token, problems));
    if (texts.includes(undefined)) return undefined;
    parts = [texts.join('')];
  } else {
    const layout = LAYOUTS[type];
    if (data.length !== layout.length) return refuseShape();
    parts = [];
    for (const [index, kind] of layout.entries()) {
      const token = data[index];
      const part = kind === 'host' ? `${nameAgainstOrigin(token.text, origin)}.` : kind === 'text' ? text(token, problems) : token.text;
      if (part === undefined) return undefined;
      parts.push(part);
    }
  }
  const refused: FieldProblem[] = [];
  const content = checkRecordContent(type, parts, '', refused);
  for (const { field, message } of refused) {
    const index = PART_INDEX.exec(field);
    const at = index === null ? undefined : Number(index[1]);
    // A TXT's one part is all its strings; any other part is one token.
    const token = at === undefined || type === 'TXT' ? undefined : data[at];
    problems.push(tokensProblem(token === undefined ? data : [token], partMessage(type, at, message, parts)));
  }
  return refused.length === 0 ? content : undefined;
}

function text(token: ZoneFileToken, problems: ZoneFileProblem[]): string | undefined {
  const decoded = decodeCharacterString(token.text);
  if (decoded === undefined) problems.push(tokenProblem(token, l10n.t('the text holds \\DDD bytes that are not UTF-8 text, which Gcore cannot store')));
  return decoded;
}

/** The checks' messages about a text do not name it: they say what the text is. */
function partMessage(type: EditableRecordType, index: number | undefined, message: string, parts: readonly unknown[]): string {
  if (type === 'TXT') return l10n.t('the text {0}', message);
  if (type === 'CAA' && index === 2 && String(parts[2]).trim() === '') return l10n.t('the CAA value must not be empty');
  return message;
}
