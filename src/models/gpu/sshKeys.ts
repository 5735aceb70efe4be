import * as l10n from '@vscode/l10n';
import { validateArgs } from '../../validation/argumentObjects';
import type { StringFieldSpec } from '../../validation/fieldSpec';
import type { Validated } from '../../validation/problems';
import { NAME_HINT, resourceNamePattern } from './gpuClusterCreate';
import { PROJECT_ID_FIELD } from '../projectRegion';

/*
 * A project's SSH keys (docs/gcore-api.md, "SSH keys"): their names follow Gcore's rule for cluster names, up to
 * 255 characters; a public key is one OpenSSH line.
 */

export const SSH_KEY_NAME_FIELD: StringFieldSpec = {
  name: 'name',
  kind: 'string',
  label: l10n.t('Key name'),
  description: l10n.t('The name the project knows the key by, 3 to 255 characters; clusters name their key by it.'),
  required: true,
  trim: true,
  minLength: 3,
  maxLength: 255,
  pattern: resourceNamePattern(255),
  patternHint: NAME_HINT,
};

/** The key types OpenSSH writes to a `.pub` file, then the base64 key and an optional comment. */
export const PUBLIC_KEY_FIELD: StringFieldSpec = {
  name: 'publicKey',
  kind: 'string',
  label: l10n.t('Public key'),
  description: l10n.t('The public key as one OpenSSH line, such as the text of ~/.ssh/id_ed25519.pub.'),
  required: true,
  trim: true,
  maxLength: 16_384,
  pattern:
    '^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\\.com|sk-ecdsa-sha2-nistp256@openssh\\.com) [A-Za-z0-9+/]+={0,3}( [^\\r\\n]*)?$',
  patternHint: l10n.t('must be one OpenSSH public key line: its type (such as ssh-ed25519), the key in base64, an optional comment'),
};

export interface CreateSshKeyArgs {
  projectId: number;
  name: string;
  publicKey: string;
}

/** `gcore.createSshKey`'s argument: programmatically a public key is required (Gcore never generates one there). */
export function validateCreateSshKeyArgs(input: unknown): Validated<CreateSshKeyArgs> {
  return validateArgs<CreateSshKeyArgs>(input, [PROJECT_ID_FIELD, SSH_KEY_NAME_FIELD, PUBLIC_KEY_FIELD]);
}
