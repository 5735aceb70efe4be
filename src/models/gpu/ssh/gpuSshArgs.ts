import * as l10n from '@vscode/l10n';
import type { BooleanFieldSpec, StringFieldSpec } from '../../../validation/fieldSpec';
import type { Validated } from '../../../validation/problems';
import { validateArgs } from '../../../validation/argumentObjects';
import { CLUSTER_FIELDS, SERVER_ID_FIELD, withDefaults, type GpuClusterArgs } from '../gpuClusterArgs';

/*
 * The programmatic arguments of gcore.connectGpuServer and gcore.copyGpuSshCommand (the extension contract, "GPU
 * clusters"): a cluster, and one of its servers (its first without one). A programmatic call opens nothing and
 * writes nothing unless asked to.
 */

export interface GpuSshArgs extends GpuClusterArgs {
  serverId?: string;
}

export interface ConnectGpuServerArgs extends GpuSshArgs {
  open: boolean;
  /** The folder the window opens on the server; the user's home without it. */
  folder?: string;
  writeSshConfig: boolean;
}

const OPTIONAL_SERVER_ID_FIELD: StringFieldSpec = { ...SERVER_ID_FIELD, required: false };

const OPEN_FIELD: BooleanFieldSpec = {
  name: 'open',
  kind: 'boolean',
  label: l10n.t('Open'),
  description: l10n.t('Test the connection and open a window on the server (default false).'),
};

const WRITE_SSH_CONFIG_FIELD: BooleanFieldSpec = {
  name: 'writeSshConfig',
  kind: 'boolean',
  label: l10n.t('Write SSH config'),
  description: l10n.t("Write the cluster's SSH entry, and the Include line of the user's SSH config when it lacks one (default false)."),
};

const FOLDER_FIELD: StringFieldSpec = {
  name: 'folder',
  kind: 'string',
  label: l10n.t('Folder'),
  description: l10n.t("The folder on the server the window opens (default the user's home)."),
  trim: true,
  maxLength: 4096,
  pattern: '^/[^\\r\\n]*$',
  patternHint: l10n.t('must be an absolute path on the server, such as /home/ubuntu/project'),
};

export function validateGpuSshArgs(input: unknown): Validated<GpuSshArgs> {
  return withDefaults(validateArgs<GpuSshArgs>(input, [...CLUSTER_FIELDS, OPTIONAL_SERVER_ID_FIELD]));
}

export function validateConnectGpuServerArgs(input: unknown): Validated<ConnectGpuServerArgs> {
  const result = withDefaults(
    validateArgs<ConnectGpuServerArgs>(
      input,
      [...CLUSTER_FIELDS, OPTIONAL_SERVER_ID_FIELD, OPEN_FIELD, FOLDER_FIELD, WRITE_SSH_CONFIG_FIELD],
      (args, problems) => {
        // Remote-SSH finds the server only through the written entry.
        if (args.open === true && args.writeSshConfig !== true) {
          problems.push({
            field: 'writeSshConfig',
            message: l10n.t('must be true when open is: the window reaches the server through the written entry'),
          });
        }
      },
    ),
  );
  if (!result.ok) return result;
  return { ok: true, value: { ...result.value, open: result.value.open === true, writeSshConfig: result.value.writeSshConfig === true } };
}
