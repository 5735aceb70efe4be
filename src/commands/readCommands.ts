import * as vscode from 'vscode';
import { COMMAND } from '../core/contributions';
import type { Container, ContainerFlavorList, ContainerList, DnsZoneList } from '../api';
import type { Account, CloudList, Project, Region, Task } from '../api/types';
import {
  validateContainerRefArgs,
  validateListRegionsArgs,
  validateNoArgs,
  validateProjectRegionArgs,
  validateTaskIdArg,
  type ContainerRefArgs,
  type RegionProductArg,
} from '../models/commandArgs';
import type { ProjectRegion } from '../models/projectRegion';
import { containerStatus } from '../models/container';
import { pickProjectRegion } from '../ui/pickers/projectRegionPicker';
import { orCancel } from '../ui/loneAnswer';
import type { PickItem, PromptUi } from '../ui/promptUi';
import { unwrap } from '../validation/problems';
import { command, type Command } from './command';
import { askContainer } from './containerCommands';
import type { Services } from './services';

/** Shows a list to pick from; the pick is copied (a name or an id), as List GPU Flavors does. */
async function pickToCopy<T>(ui: PromptUi, title: string, items: PickItem<T>[], copied: (value: T) => string, empty: string): Promise<void> {
  if (items.length === 0) {
    void ui.notify('info', empty);
    return;
  }
  const chosen = await ui.pick({ title, placeholder: vscode.l10n.t('Choose one to copy it'), items });
  const text = copied(orCancel(chosen));
  await ui.copyToClipboard(text);
  void ui.notify('info', vscode.l10n.t('Copied {0}.', text));
}

function containerItem(container: Container): PickItem<Container> {
  return { label: container.name, description: [containerStatus(container), container.image].filter(Boolean).join(' · '), value: container };
}

/** The programmatic commands that read what exists, each with an interactive form in the palette. */
export function readCommands(services: Services): Command<never, unknown, never>[] {
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
        pickToCopy(ui, vscode.l10n.t('Containers · project {0} · region {1} ({2})', projectId, regionId, list.count), list.results.map(containerItem), (container) => container.name, vscode.l10n.t('No containers in project {0}, region {1}.', projectId, regionId)),
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
          list.results.map((flavor) => ({ label: flavor.name, description: [typeof flavor.cpu === 'number' ? `${flavor.cpu} mCPU` : '', typeof flavor.ram === 'number' ? `${flavor.ram} MiB` : ''].filter(Boolean).join(' · '), value: flavor.name })),
          (name) => name,
          vscode.l10n.t('No container sizes here.'),
        ),
    }),
    command<Record<string, never>, DnsZoneList>({
      id: COMMAND.listZones,
      programmaticWithoutArgument: true,
      what: () => vscode.l10n.t('List DNS zones'),
      parse: (arg) => unwrap(validateNoArgs(arg)),
      run: (_args, { signal }) => client.dns.listZones({ signal }),
    }),
    command<Record<string, never>, CloudList<Project>>({
      id: COMMAND.listProjects,
      programmaticWithoutArgument: true,
      what: () => vscode.l10n.t('List projects'),
      parse: (arg) => unwrap(validateNoArgs(arg)),
      run: (_args, { signal }) => client.account.listProjects({ signal }),
    }),
    command<{ product?: RegionProductArg }, CloudList<Region>>({
      id: COMMAND.listRegions,
      programmaticWithoutArgument: true,
      what: () => vscode.l10n.t('List regions'),
      parse: (arg) => unwrap(validateListRegionsArgs(arg)),
      run: ({ product }, { signal }) => client.account.listRegions(product, { signal }),
    }),
    command<string, Task>({
      id: COMMAND.getTask,
      what: (taskId) => (taskId ? vscode.l10n.t('Read task {0}', taskId) : vscode.l10n.t('Read task')),
      parse: (arg) => unwrap(validateTaskIdArg(arg)),
      ask: async (ui) => {
        const answer = await ui.input({
          title: vscode.l10n.t('Gcore: Show Task'),
          prompt: vscode.l10n.t('Task ID, as an update of a container returns it'),
          validate: (text) => (text.trim() === '' ? vscode.l10n.t('Task ID: must not be empty') : undefined),
        });
        return orCancel(answer).trim();
      },
      progress: (taskId) => vscode.l10n.t('Reading task {0}…', taskId),
      run: (taskId, { signal }) => client.account.getTask(taskId, { signal }),
      report: (ui, task) => {
        const type = task.task_type ?? vscode.l10n.t('task');
        const message =
          task.state === 'ERROR' && task.error ? vscode.l10n.t('Task {0} ({1}) is {2}: {3}.', task.id, type, task.state, task.error) : vscode.l10n.t('Task {0} ({1}) is {2}.', task.id, type, task.state);
        const copyId = vscode.l10n.t('Copy Task ID');
        void ui.notify(task.state === 'ERROR' ? 'error' : 'info', message, copyId).then(async (choice) => {
          if (choice === copyId) await ui.copyToClipboard(task.id);
        });
      },
    }),
    command<Record<string, never>, Account>({
      id: COMMAND.checkApiKey,
      programmaticWithoutArgument: true,
      what: () => vscode.l10n.t('Check API key'),
      parse: (arg) => unwrap(validateNoArgs(arg)),
      run: (_args, { signal }) => client.account.me({ signal }),
    }),
  ];
}
