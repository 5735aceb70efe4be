/** Where a property sits in a JSON text, as offsets: its key (with quotes) and its value. */
export interface JsonLocation {
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}

/**
 * The location of every property of a JSON text, by dotted path ('scale.min', 'envs.PORT'), so that a
 * problem the validators name by field can be shown where that field is written. The text is expected to
 * parse (JSON.parse decides that); on text that does not, the locations found before the fault are kept.
 */
export function locateJsonProperties(text: string): Map<string, JsonLocation> {
  return scanJson(text).locations;
}

/**
 * The path of each key a JSON object of the text names twice, in the order the repeats are written
 * ('scale.min'). JSON.parse keeps the last value of such a key without a word.
 */
export function duplicateJsonKeys(text: string): string[] {
  return scanJson(text).duplicates;
}

function scanJson(text: string): { locations: Map<string, JsonLocation>; duplicates: string[] } {
  const found = new Map<string, JsonLocation>();
  const duplicates: string[] = [];
  let at = 0;

  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at])) at++;
  };
  const readString = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const readValue = (path: string): void => {
    skipSpace();
    const char = text[at];
    if (char === '{') {
      at++;
      skipSpace();
      const keys = new Set<string>();
      while (at < text.length && text[at] !== '}') {
        skipSpace();
        if (text[at] !== '"') throw new SyntaxError('property name expected'); // not user text: caught below, it only ends the scan
        const keyStart = at;
        const key = readString();
        const keyEnd = at;
        skipSpace();
        at++; // the colon
        skipSpace();
        const childPath = path === '' ? key : `${path}.${key}`;
        if (keys.has(key)) duplicates.push(childPath);
        keys.add(key);
        const valueStart = at;
        readValue(childPath);
        found.set(childPath, { keyStart, keyEnd, valueStart, valueEnd: at });
        skipSpace();
        if (text[at] === ',') at++;
        skipSpace();
      }
      at++;
    } else if (char === '[') {
      at++;
      let index = 0;
      skipSpace();
      while (at < text.length && text[at] !== ']') {
        readValue(`${path}.${index++}`);
        skipSpace();
        if (text[at] === ',') at++;
        skipSpace();
      }
      at++;
    } else if (char === '"') {
      readString();
    } else {
      const start = at;
      while (at < text.length && /[^\s,\]}]/.test(text[at])) at++;
      if (at === start) throw new SyntaxError('value expected'); // not user text: caught below, it only ends the scan
    }
  };

  try {
    readValue('');
  } catch {
    // A text that does not parse keeps the locations found so far.
  }
  return { locations: found, duplicates };
}
