import * as vscode from 'vscode';
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
import { BACK, UserCancelledError, type PickItem, type PromptUi } from '../ui/promptUi';
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
  const chosen = await ui.pick({ title, placeholder: 'Choose one to copy it', items });
  if (chosen === BACK) throw new UserCancelledError();
  const text = copied(chosen);
  await ui.copyToClipboard(text);
  void ui.notify('info', `Copied ${text}.`);
}

function containerItem(container: Container): PickItem<Container> {
  return { label: container.name, description: [containerStatus(container), container.image].filter(Boolean).join(' · '), value: container };
}

/** The programmatic commands that read what exists, each with an interactive form in the palette. */
export function readCommands(services: Services): Command<never, unknown, never>[] {
  const { client } = services;
  return [
    command<ProjectRegion, ContainerList>({
      id: 'gcore.listContainers',
      what: () => 'List containers',
      parse: (arg) => unwrap(validateProjectRegionArgs(arg)),
      ask: (ui) => pickProjectRegion(ui, 'Gcore: List Containers'),
      progress: ({ projectId, regionId }) => `Loading the containers of project ${projectId}, region ${regionId}…`,
      run: (location, { signal }) => client.containers.list(location, { signal }),
      report: (ui, list, { projectId, regionId }) =>
        pickToCopy(ui, `Containers · project ${projectId} · region ${regionId} (${list.count})`, list.results.map(containerItem), (container) => container.name, `No containers in project ${projectId}, region ${regionId}.`),
    }),
    command<ContainerRefArgs, Container>({
      id: 'gcore.getContainer',
      what: (args) => (args ? `Read container ${args.containerName}` : 'Read container'),
      parse: (arg) => unwrap(validateContainerRefArgs(arg)),
      ask: askContainer(services, 'Gcore: Show Container'),
      progress: ({ containerName }) => `Reading container ${containerName}…`,
      run: (args, { signal }) => client.containers.get(args, args.containerName, { signal }),
      // Every field, as Gcore sent it, in a read-only editor: JSON is how users compare it with what they send.
      report: async (_ui, container) => {
        const document = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(container, null, 2)}\n` });
        await vscode.window.showTextDocument(document, { preview: true });
      },
    }),
    command<ProjectRegion, ContainerFlavorList>({
      id: 'gcore.listContainerFlavors',
      what: () => 'List container sizes',
      parse: (arg) => unwrap(validateProjectRegionArgs(arg)),
      ask: (ui) => pickProjectRegion(ui, 'Gcore: List Container Sizes'),
      progress: ({ projectId, regionId }) => `Loading the container sizes of project ${projectId}, region ${regionId}…`,
      run: (location, { signal }) => client.containers.flavors(location, { signal }),
      report: (ui, list) =>
        pickToCopy(
          ui,
          'Container sizes',
          list.results.map((flavor) => ({ label: flavor.name, description: [typeof flavor.cpu === 'number' ? `${flavor.cpu} mCPU` : '', typeof flavor.ram === 'number' ? `${flavor.ram} MiB` : ''].filter(Boolean).join(' · '), value: flavor.name })),
          (name) => name,
          'No container sizes here.',
        ),
    }),
    command<Record<string, never>, DnsZoneList>({
      id: 'gcore.listZones',
      programmaticWithoutArgument: true,
      what: () => 'List DNS zones',
      parse: (arg) => unwrap(validateNoArgs(arg)),
      run: (_args, { signal }) => client.dns.listZones({ signal }),
    }),
    command<Record<string, never>, CloudList<Project>>({
      id: 'gcore.listProjects',
      programmaticWithoutArgument: true,
      what: () => 'List projects',
      parse: (arg) => unwrap(validateNoArgs(arg)),
      run: (_args, { signal }) => client.account.listProjects({ signal }),
    }),
    command<{ product?: RegionProductArg }, CloudList<Region>>({
      id: 'gcore.listRegions',
      programmaticWithoutArgument: true,
      what: () => 'List regions',
      parse: (arg) => unwrap(validateListRegionsArgs(arg)),
      run: ({ product }, { signal }) => client.account.listRegions(product, { signal }),
    }),
    command<string, Task>({
      id: 'gcore.getTask',
      what: (taskId) => (taskId ? `Read task ${taskId}` : 'Read task'),
      parse: (arg) => unwrap(validateTaskIdArg(arg)),
      ask: async (ui) => {
        const answer = await ui.input({
          title: 'Gcore: Show Task',
          prompt: 'Task ID, as an update of a container returns it',
          validate: (text) => (text.trim() === '' ? 'Task ID: must not be empty' : undefined),
        });
        if (answer === BACK) throw new UserCancelledError();
        return answer.trim();
      },
      progress: (taskId) => `Reading task ${taskId}…`,
      run: (taskId, { signal }) => client.account.getTask(taskId, { signal }),
      report: (ui, task) => {
        const error = task.state === 'ERROR' && task.error ? `: ${task.error}` : '';
        void ui.notify(task.state === 'ERROR' ? 'error' : 'info', `Task ${task.id} (${task.task_type ?? 'task'}) is ${task.state}${error}.`, 'Copy Task ID').then(async (choice) => {
          if (choice === 'Copy Task ID') await ui.copyToClipboard(task.id);
        });
      },
    }),
    command<Record<string, never>, Account>({
      id: 'gcore.checkApiKey',
      programmaticWithoutArgument: true,
      what: () => 'Check API key',
      parse: (arg) => unwrap(validateNoArgs(arg)),
      run: (_args, { signal }) => client.account.me({ signal }),
    }),
  ];
}
