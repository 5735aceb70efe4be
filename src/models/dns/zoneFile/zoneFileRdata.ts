import * as l10n from '@vscode/l10n';
import { checkRecordContent, recordTextForm, textAsContent } from '../recordContent';
import type { EditableRecordType } from '../recordContent';
import type { FieldProblem } from '../../../validation/problems';
import { GENERIC_DATA_MARK, readGenericParts } from './zoneFileGenericRdata';
import { nameAgainstOrigin } from './zoneFileNames';
import { tokenProblem, tokensProblem } from './zoneFileProblems';
import type { ZoneFileProblem, ZoneFileToken } from './zoneFileProblems';
import { decodeCharacterString } from './zoneFileText';

/**
 * The data of a record of an editable type, in its text form or RFC 3597's generic one, read into the content
 * the API takes: host names made absolute with their trailing dot, as the API wants them; texts unquoted and
 * unescaped here, once, a TXT's strings joined into the one text the API holds (it splits the text again
 * itself). The content passes the type's checks, whose messages say what is wrong at the part's place.
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
  const generic = data.length > 0 && !data[0].quoted && data[0].text === GENERIC_DATA_MARK;
  if (generic) {
    const read = readGenericParts(
      type,
      data.slice(1).map((token) => token.text),
    );
    if (!read.ok) {
      problems.push(tokensProblem(data, read.message));
      return undefined;
    }
    parts = read.parts;
    if (type === 'TXT' || type === 'CAA') parts[parts.length - 1] = textAsContent(type, String(parts[parts.length - 1]));
  } else if (type === 'TXT') {
    if (data.length === 0) return refuseShape();
    const texts = data.map((token) => text(token, problems));
    if (texts.includes(undefined)) return undefined;
    parts = [textAsContent(type, texts.join(''))];
  } else {
    const layout = LAYOUTS[type];
    if (data.length !== layout.length) return refuseShape();
    parts = [];
    for (const [index, kind] of layout.entries()) {
      const token = data[index];
      const part = kind === 'host' ? `${nameAgainstOrigin(token.text, origin)}.` : kind === 'text' ? text(token, problems) : token.text;
      if (part === undefined) return undefined;
      parts.push(kind === 'text' ? textAsContent('CAA', part) : part);
    }
  }
  const refused: FieldProblem[] = [];
  const content = checkRecordContent(type, parts, '', refused);
  for (const { field, message } of refused) {
    const index = PART_INDEX.exec(field);
    const at = index === null ? undefined : Number(index[1]);
    // A TXT's one part is all its strings, and the generic form's parts are all its data; any other part is one token.
    const token = at === undefined || type === 'TXT' || generic ? undefined : data[at];
    problems.push(tokensProblem(token === undefined ? data : [token], partMessage(type, at, message, parts)));
  }
  return refused.length === 0 ? content : undefined;
}

function text(token: ZoneFileToken, problems: ZoneFileProblem[]): string | undefined {
  const decoded = decodeCharacterString(token.text);
  if (decoded === undefined) {
    problems.push(tokenProblem(token, l10n.t('the text holds \\DDD bytes that are not UTF-8 text, which Gcore cannot store')));
  }
  return decoded;
}

/** The checks' messages about a text do not name it: they say what the text is. */
function partMessage(type: EditableRecordType, index: number | undefined, message: string, parts: readonly unknown[]): string {
  if (type === 'TXT') return l10n.t('the text {0}', message);
  if (type === 'CAA' && index === 2 && String(parts[2]).trim() === '') return l10n.t('the CAA value must not be empty');
  return message;
}
