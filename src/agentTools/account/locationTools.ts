import * as l10n from '@vscode/l10n';
import type { Project, Region } from '../../api';
import { COMMAND } from '../../core/contributions';
import { validateListRegionsArgs, type RegionProductArg } from '../../models/account/locationArgs';
import { unwrap } from '../../validation/problems';
import type { ToolDefinition } from '../toolDefinition';
import { objectInput } from '../toolSchemas';
import { itemLines, lines, listText } from '../toolText';

/** Gcore's word for a project or region in its normal state: only another one is worth saying. */
const ACTIVE = 'ACTIVE';

function projectLine(project: Project): string {
  const facts = [
    l10n.t('ID {0}', project.id),
    project.is_default ? l10n.t('default') : undefined,
    project.state && project.state !== ACTIVE ? project.state : undefined,
  ];
  return `${project.name} (${facts.filter(Boolean).join(', ')})`;
}

function regionLine(region: Region): string {
  const facts = [
    l10n.t('ID {0}', region.id),
    region.country ?? undefined,
    region.state && region.state !== ACTIVE ? region.state : undefined,
  ];
  return `${region.display_name} (${facts.filter(Boolean).join(', ')})`;
}

export const listLocations: ToolDefinition<{ product?: RegionProductArg }> = {
  name: 'gcore_listLocations',
  kind: 'read',
  commandId: COMMAND.listProjects,
  displayName: l10n.t('List Gcore Projects and Regions'),
  modelDescription: l10n.t(
    'Lists the Gcore Cloud projects and regions of the account by name with their numeric IDs, and the project and region pairs the user has set up. Call it first to find the projectId and regionId that the container, container size and GPU flavor tools take.',
  ),
  userDescription: l10n.t('Lists your Gcore projects and regions, and the locations you set up.'),
  inputSchema: objectInput({
    product: {
      type: 'string',
      enum: ['containers', 'inference'],
      description: l10n.t(
        'Only the regions that run this product: "containers" for serverless containers, "inference" for AI inference. Default: every region.',
      ),
    },
  }),
  narrowing: l10n.t('Give product ("containers" or "inference") to list only the regions that run it.'),
  parse: (input) => unwrap(validateListRegionsArgs(input)),
  invoke: async ({ product }, { client, signal, configuredLocations }) => {
    const [projects, regions] = await Promise.all([
      client.account.listProjects({ signal }),
      client.account.listRegions(product, { signal }),
    ]);
    const configured = configuredLocations();
    const projectName = new Map(projects.results.map((project) => [project.id, project.name]));
    const regionName = new Map(regions.results.map((region) => [region.id, region.display_name]));
    const configuredLine = (location: (typeof configured)[number]): string => {
      const where = l10n.t(
        'project {0} ({1}), region {2} ({3})',
        projectName.get(location.projectId) ?? '?',
        location.projectId,
        regionName.get(location.regionId) ?? '?',
        location.regionId,
      );
      return location.label ? `${where}: ${location.label}` : where;
    };
    const text = lines(
      itemLines(l10n.t('{0} projects:', projects.count), projects.results.map(projectLine)),
      itemLines(
        product ? l10n.t('{0} regions that run {1}:', regions.count, product) : l10n.t('{0} regions:', regions.count),
        regions.results.map(regionLine),
      ),
      listText(configured.map(configuredLine), l10n.t('No project and region pairs are set up here.'), (count) =>
        l10n.t('{0} project and region pairs set up here:', count),
      ),
    );
    return { text, json: { projects, regions, configuredLocations: configured } };
  },
};
