import * as vscode from 'vscode';
import type { Container, ContainerFlavorList, ContainerList } from '../../api/containers/containerTypes';
import { COMMAND } from '../../core/contributions';
import { validateContainerRefArgs, type ContainerRefArgs } from '../../models/containers/containerArgs';
import { validateProjectRegionArgs } from '../../models/projectRegion';
import { containerStatus } from '../../models/containers/container';
import type { ProjectRegion } from '../../models/projectRegion';
import { pickProjectRegion } from '../../ui/pickers/projectRegionPicker';
import { pickToCopy } from '../../ui/pickers/pickToCopy';
import type { PickItem } from '../../ui/promptUi';
import { unwrap } from '../../validation/problems';
import { command, type Command } from '../flow/command';
import { askContainer } from '../../prompts/containers/containerSources';
import type { AreaServices } from '../services';
import type { ContainerReads } from '../../loaders/containers/containerReads';

function containerItem(container: Container): PickItem<Container> {
  return {
    label: container.name,
    description: [containerStatus(container), container.image].filter(Boolean).join(' · '),
    value: container,
  };
}

/** Reading containers and their sizes: programmatic commands, each with an interactive form in the palette. */
export function containerReadCommands(services: AreaServices<ContainerReads>): Command<never, unknown, never>[] {
  const { client } = services;
  return [
    command<ProjectRegion, ContainerList>({
      id: COMMAND.listContainers,
      what: () => vscode.l10n.t('List containers'),
      parse: (arg) => unwrap(validateProjectRegionArgs(arg)),
      ask: (ui) => pickProjectRegion(ui, vscode.l10n.t('Gcore: List Containers')),
      progress: ({ projectId, regionId }) => vscode.l10n.t('Loading the containers of project {0}, region {1}…', projectId, regionId),
      run: (location, { signal }) => client.containers.list(location, { signal }),
      report: (ui, list, { projectId, regionId }) =>
        pickToCopy(
          ui,
          vscode.l10n.t('Containers · project {0} · region {1} ({2})', projectId, regionId, list.count),
          list.results.map(containerItem),
          (container) => container.name,
          vscode.l10n.t('No containers in project {0}, region {1}.', projectId, regionId),
        ),
    }),
    command<ContainerRefArgs, Container>({
      id: COMMAND.getContainer,
      what: (args) => (args ? vscode.l10n.t('Read container {0}', args.containerName) : vscode.l10n.t('Read container')),
      parse: (arg) => unwrap(validateContainerRefArgs(arg)),
      ask: askContainer(services, vscode.l10n.t('Gcore: Show Container')),
      progress: ({ containerName }) => vscode.l10n.t('Reading container {0}…', containerName),
      run: (args, { signal }) => client.containers.get(args, args.containerName, { signal }),
      // Every field, as Gcore sent it, in a read-only editor: JSON is how users compare it with what they send.
      report: async (_ui, container) => {
        const document = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(container, null, 2)}\n` });
        await vscode.window.showTextDocument(document, { preview: true });
      },
    }),
    command<ProjectRegion, ContainerFlavorList>({
      id: COMMAND.listContainerFlavors,
      what: () => vscode.l10n.t('List container sizes'),
      parse: (arg) => unwrap(validateProjectRegionArgs(arg)),
      ask: (ui) => pickProjectRegion(ui, vscode.l10n.t('Gcore: List Container Sizes')),
      progress: ({ projectId, regionId }) => vscode.l10n.t('Loading the container sizes of project {0}, region {1}…', projectId, regionId),
      run: (location, { signal }) => client.containers.flavors(location, { signal }),
      report: (ui, list) =>
        pickToCopy(
          ui,
          vscode.l10n.t('Container sizes'),
          list.results.map((flavor) => ({
            label: flavor.name,
            description: [
              typeof flavor.cpu === 'number' ? `${flavor.cpu} mCPU` : '',
              typeof flavor.ram === 'number' ? `${flavor.ram} MiB` : '',
            ]
              .filter(Boolean)
              .join(' · '),
            value: flavor.name,
          })),
          (name) => name,
          vscode.l10n.t('No container sizes here.'),
        ),
    }),
  ];
}
