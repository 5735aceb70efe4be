import * as l10n from '@vscode/l10n';
import { validateListRegionsArgs, type RegionProductArg } from '../../models/account/locationArgs';
import { validateNoArgs } from '../../validation/argumentObjects';
import type { CloudList, Project, Region } from '../../api/types';
import { validateProjectRegion, type ProjectRegion } from '../../models/projectRegion';
import type { AreaServices } from '../services';
import type { AccountReads } from '../../loaders/accountReads';
import { addLocation, removeLocation } from '../../state/settings';
import { COMMAND } from '../../core/contributions';
import { isLocationNode } from '../../views/locationNodes';
import { promptNewProjectRegion } from '../../ui/pickers/projectRegionPicker';
import { unwrap } from '../../validation/problems';
import { command, type Command } from '../flow/command';

export function locationCommands(
  services: AreaServices<AccountReads>,
  /** What the area that shows the locations forgets of one removed. */
  forgetLocation: (location: ProjectRegion) => void,
): Command<never, unknown, never>[] {
  return [
    command<ProjectRegion, boolean>({
      id: COMMAND.addLocation,
      what: () => l10n.t('Add project and region'),
      parse: (arg) => unwrap(validateProjectRegion(arg)),
      ask: (ui) =>
        promptNewProjectRegion(ui, l10n.t('Gcore: Add Project and Region'), {
          projects: async () => {
            const loaded = await services.reads.projects();
            return loaded.state === 'loaded' ? loaded.value.results : undefined;
          },
          regions: async () => {
            const loaded = await services.reads.regions('containers');
            return loaded.state === 'loaded' ? loaded.value.results : undefined;
          },
        }),
      run: async (location) => {
        const added = await addLocation(location);
        services.log.info(`location ${location.projectId}/${location.regionId} ${added ? 'added' : 'updated'}`);
        return added;
      },
      returns: () => undefined,
      report: (ui, added, location) => {
        const { projectId, regionId } = location;
        void ui.notify(
          'info',
          added
            ? l10n.t('Added project {0}, region {1} to GPU.', projectId, regionId)
            : l10n.t('Updated project {0}, region {1}.', projectId, regionId),
        );
      },
    }),
    command<ProjectRegion, undefined>({
      id: COMMAND.removeLocation,
      what: () => l10n.t('Remove project and region'),
      parse: (arg) => unwrap(validateProjectRegion(arg)),
      ask: async (_ui, _draft, node) => (isLocationNode(node) ? node.location : unwrap(validateProjectRegion(node))),
      run: async (location) => {
        await removeLocation(location);
        forgetLocation(location);
        return undefined;
      },
      report: (ui, _result, location) =>
        void ui.notify(
          'info',
          l10n.t('Removed project {0}, region {1} from the tree (only from this list).', location.projectId, location.regionId),
        ),
    }),
    command<Record<string, never>, CloudList<Project>>({
      id: COMMAND.listProjects,
      programmaticWithoutArgument: true,
      what: () => l10n.t('List projects'),
      parse: (arg) => unwrap(validateNoArgs(arg)),
      run: (_args, { signal }) => services.client.account.listProjects({ signal }),
    }),
    command<{ product?: RegionProductArg }, CloudList<Region>>({
      id: COMMAND.listRegions,
      programmaticWithoutArgument: true,
      what: () => l10n.t('List regions'),
      parse: (arg) => unwrap(validateListRegionsArgs(arg)),
      run: ({ product }, { signal }) => services.client.account.listRegions(product, { signal }),
    }),
  ];
}
