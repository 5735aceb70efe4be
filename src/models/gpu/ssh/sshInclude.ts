import { sshConfigPath } from './sshEntry';

/*
 * The one line the extension adds to the user's SSH config: an `Include` of the clusters' files, at the very top,
 * since an `Include` after a `Host` line belongs to that host only (SkyPilot inserts its own at line 0 for this
 * reason). The file is handled as bytes: whatever it holds (another encoding, a byte-order mark, CRLF lines, no
 * newline at the end) is kept exactly, after the added lines.
 */

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The pattern of the clusters' files, as the `Include` names it. */
export function includePattern(folder: string): string {
  return `${folder.replace(/\\/g, '/').replace(/\/+$/, '')}/*.conf`;
}

/** The lines added: a comment saying whose they are, then the `Include`. */
export function includeLines(folder: string): string[] {
  return [
    '# Added by the Gcore extension: the SSH hosts of your GPU clusters, one file per cluster.', // not user text: an SSH config comment, English as SSH's own files are
    `Include ${sshConfigPath(includePattern(folder))}`, // not user text: an SSH config keyword
  ];
}

/** Read byte for byte: every byte is one character, so what is not UTF-8 survives a round trip. */
function asBytesText(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}

/** The arguments of a config line, quoted ones whole. */
function argumentsOf(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]);
}

/**
 * Whether an `Include` line of the file names the clusters' files already, anywhere in it (the user may have moved
 * it), written with the home folder as `~` or not.
 */
export function hasInclude(config: Uint8Array, folder: string, home: string): boolean {
  const bytes = (text: string) => asBytesText(Buffer.from(text.replace(/\\/g, '/'), 'utf8'));
  const wanted = bytes(includePattern(folder));
  const homePrefix = bytes(`${home.replace(/[\\/]+$/, '')}/`);
  return asBytesText(config)
    .split(/\r?\n/)
    .some((line) => {
      const match = /^\s*Include(?:\s+|\s*=\s*)(.*)$/i.exec(line);
      return (
        match !== null &&
        argumentsOf(match[1]).some((argument) => {
          const slashed = argument.replace(/\\/g, '/');
          return (slashed.startsWith('~/') ? `${homePrefix}${slashed.slice(2)}` : slashed) === wanted;
        })
      );
    });
}

/** The file with the lines at its top (after a byte-order mark), in the file's own line ending; every byte of it kept. */
export function withInclude(config: Uint8Array, folder: string): Buffer {
  const original = Buffer.from(config);
  const bom = original.subarray(0, 3).equals(UTF8_BOM) ? UTF8_BOM : Buffer.alloc(0);
  const rest = original.subarray(bom.length);
  const firstEnd = rest.indexOf(0x0a);
  const eol = firstEnd > 0 && rest[firstEnd - 1] === 0x0d ? '\r\n' : '\n';
  // A blank line sets the added lines apart from the user's first line.
  const added = Buffer.from(`${includeLines(folder).join(eol)}${eol}${rest.length > 0 ? eol : ''}`, 'utf8');
  return Buffer.concat([bom, added, rest]);
}
