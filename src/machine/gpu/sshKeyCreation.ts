import * as l10n from '@vscode/l10n';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as path from 'node:path';
import type { GcoreClient } from '../../api';
import type { CallOptions } from '../../api/callOptions';
import type { CreatedSshKey } from '../../api/gpu/gpuClusterTypes';
import { SSH_KEY_NAME_FIELD } from '../../models/gpu/sshKeys';
import { BACK, UserCancelledError, type PromptUi } from '../../ui/promptUi';
import { runWizard } from '../../ui/wizard';
import { checkFieldText } from '../../validation/fieldChecks';
import { failureReason } from '../../logging/failureMessage';
import {
  fileExists,
  folderUnwritable,
  keyFileStem,
  listLocalPublicKeys,
  makeKeyPair,
  runProgram,
  SshKeygenMissingError,
  writePrivateKey,
  type LocalPublicKey,
  type RunProgram,
} from './localSshKeys';

/*
 * A new SSH key of a project, asked without the portal: a public key of this machine uploaded under a name the
 * user confirms, or a pair made here with ssh-keygen (only its public half is sent). Where ssh-keygen is missing,
 * Gcore generates the pair and its private key is written at once to the file the user picked, and shown nowhere.
 */

export type KeySource = { kind: 'local'; key: LocalPublicKey } | { kind: 'newPair' };

export interface NewSshKeyAnswers {
  source?: KeySource;
  name?: string;
}

/** Where keys are read and made, and how ssh-keygen runs (tests give a temporary home). */
export interface LocalKeyPlace {
  home: string;
  run?: RunProgram;
}

/** A key's name offered from its file: `id_ed25519.pub` → `id_ed25519`. */
function suggestedName(source: KeySource): string | undefined {
  if (source.kind !== 'local') return undefined;
  const stem = path.basename(source.key.file, '.pub');
  return checkFieldText(SSH_KEY_NAME_FIELD, stem) === undefined ? stem : undefined;
}

/** The key's source, then its name; Back from the name returns to the source. */
export async function askNewSshKey(ui: PromptUi, place: LocalKeyPlace, title: string): Promise<{ source: KeySource; name: string }> {
  const local = await listLocalPublicKeys(place.home);
  const answers = await runWizard<NewSshKeyAnswers>({}, () => [
    {
      run: async (state, position) => {
        const source = await ui.pick<KeySource>({
          title,
          ...position,
          placeholder: l10n.t('Which key may reach the servers?'),
          items: [
            {
              label: l10n.t('Create a Key Pair'),
              description: l10n.t('made on this machine with ssh-keygen; the private key never leaves it'),
              value: { kind: 'newPair' },
            },
            ...local.map((key) => ({
              label: l10n.t('Use a Key of This Machine: {0}', path.basename(key.file)),
              description: key.hasPrivateKey ? key.publicKey.split(' ')[0] : l10n.t('its private key is not on this machine'),
              value: { kind: 'local', key } as KeySource,
            })),
          ],
        });
        if (source === BACK) return BACK;
        state.source = source;
      },
    },
    {
      run: async (state, position) => {
        const name = await ui.input({
          title,
          ...position,
          prompt: l10n.t('The name the project knows the key by; clusters name their key by it.'),
          value: state.name ?? suggestedName(state.source!),
          validate: (text) => {
            const problem = checkFieldText(SSH_KEY_NAME_FIELD, text);
            return problem && l10n.t('{0} {1}', SSH_KEY_NAME_FIELD.label, problem);
          },
        });
        if (name === BACK) return BACK;
        state.name = name.trim();
      },
    },
  ]);
  return { source: answers.source!, name: answers.name! };
}

/**
 * Uploads the key asked: a local public key as it is; a new pair made here first. Without ssh-keygen, the file
 * for Gcore's private key is asked before anything is sent (an existing file is refused: nothing is overwritten),
 * and the key Gcore answers is written there at once; the answer returned holds no private key.
 */
export async function createNewSshKey(
  ui: PromptUi,
  deps: { client: Pick<GcoreClient, 'sshKeys'> } & LocalKeyPlace,
  projectId: number,
  answer: { source: KeySource; name: string },
  options: CallOptions = {},
): Promise<CreatedSshKey> {
  const upload = (publicKey: string) => deps.client.sshKeys.create(projectId, { name: answer.name, public_key: publicKey }, options);
  if (answer.source.kind === 'local') return upload(answer.source.key.publicKey);
  try {
    return await upload((await makeKeyPair(deps.home, answer.name, deps.run ?? runProgram)).publicKey);
  } catch (error) {
    if (!(error instanceof SshKeygenMissingError)) throw error;
  }
  const chosen = await ui.chooseFile({
    kind: 'save',
    title: l10n.t('ssh-keygen is not installed: Gcore makes the pair. Where should its private key be kept?'),
    defaultUri: pathToFileURL(path.join(deps.home, '.ssh', keyFileStem(answer.name))).toString(),
    filters: {},
  });
  if (chosen === undefined) throw new UserCancelledError();
  // The key is for this machine's ssh: a file of this machine, never a remote one.
  if (!chosen.startsWith('file:')) throw new Error(l10n.t('Choose a file on this machine for the private key.'));
  const file = fileURLToPath(chosen);
  if (await fileExists(file)) {
    throw new Error(l10n.t('{0} exists already: choose a new file for the private key, so that no key is overwritten.', file));
  }
  const unwritable = await folderUnwritable(file);
  if (unwritable !== undefined) {
    throw new Error(
      l10n.t('The private key cannot be written to {0} ({1}): choose a file in a folder you may write to.', file, unwritable),
    );
  }
  const created = await deps.client.sshKeys.create(projectId, { name: answer.name }, options);
  try {
    if (typeof created.private_key !== 'string' || created.private_key === '') throw new Error(l10n.t('Gcore sent no private key'));
    await writePrivateKey(file, created.private_key);
  } catch (error) {
    throw await withoutOrphanKey(deps.client, projectId, created, file, error);
  }
  return { ...created, private_key: undefined };
}

/**
 * A key Gcore made whose private half could not be kept here: deleted at Gcore, since a cluster made with it could
 * not be reached by anyone. The error names the key, and says so when the delete failed too.
 */
async function withoutOrphanKey(
  client: Pick<GcoreClient, 'sshKeys'>,
  projectId: number,
  key: CreatedSshKey,
  file: string,
  error: unknown,
): Promise<Error> {
  const reason = failureReason(error);
  try {
    await client.sshKeys.delete(projectId, key.id);
  } catch (deleteError) {
    return new Error(
      l10n.t(
        'The private key of SSH key {0} could not be written to {1}: {2}. Deleting the key at Gcore failed too ({3}): delete SSH key {0} of project {4} in the Gcore Portal, since no one holds its private key.',
        key.name,
        file,
        reason,
        failureReason(deleteError),
        projectId,
      ),
    );
  }
  return new Error(
    l10n.t(
      'The private key of SSH key {0} could not be written to {1}: {2}. The key was deleted at Gcore, so that no cluster is made with a key no one holds: try again with another file.',
      key.name,
      file,
      reason,
    ),
  );
}
