import * as assert from 'node:assert/strict';
import type { Container, ContainerList, PullSecret } from '../../../../src/api/containers/containerTypes';
import type { CloudList } from '../../../../src/api/types';
import { COMMAND } from '../../../../src/core/contributions';
import type { ProjectRegionRef } from '../../../../src/core/projectRegion';
import type { Loaded } from '../../../../src/loaders/keyedLoader';
import type { ChangeSubject } from '../../../../src/loaders/taskPoller';
import { containerChange } from '../../../../src/models/containers/container';
import type { ProjectRegion } from '../../../../src/models/projectRegion';
import { CONTAINERS_SECTION, type ContainerDetailNode } from '../../../../src/views/containers/containerNodes';
import { containersSection } from '../../../../src/views/containers/containersSection';
import type { TreeNode } from '../../../../src/views/treeNodes';
import { FakeSectionView, MISSING, SERVER_ERROR, failed, ids, labels, loaded } from '../../support/fakeSectionView';

const LOCATION: ProjectRegion = { projectId: 1, regionId: 76 };

function list<T>(results: T[], gaps: object = {}): CloudList<T> & ContainerList {
  return { count: results.length, results, ...gaps } as CloudList<T> & ContainerList;
}

/** Container reads answering what a test sets, noting what is invalidated. */
class FakeContainerReads {
  containerList: Loaded<ContainerList> = loaded(list<Container>([]));
  secretList: Loaded<CloudList<PullSecret>> = loaded(list<PullSecret>([]));
  readonly invalidated: string[] = [];
  async containers(_location: ProjectRegionRef): Promise<Loaded<ContainerList>> {
    return this.containerList;
  }
  async pullSecrets(_location: ProjectRegionRef): Promise<Loaded<CloudList<PullSecret>>> {
    return this.secretList;
  }
  invalidateContainers(location?: ProjectRegionRef): void {
    this.invalidated.push(`containers ${location ? `${location.projectId}/${location.regionId}` : 'all'}`);
  }
  invalidatePullSecrets(location?: ProjectRegionRef): void {
    this.invalidated.push(`secrets ${location ? `${location.projectId}/${location.regionId}` : 'all'}`);
  }
}

function section(options: { locations?: ProjectRegion[]; changes?: ChangeSubject[] } = {}) {
  const reads = new FakeContainerReads();
  const view = new FakeSectionView();
  const changes = new Map((options.changes ?? []).map((subject) => [subject.name, subject]));
  const containers = containersSection({
    reads,
    view,
    locations: () => ({ locations: options.locations ?? [LOCATION], problems: [] }),
    changesAt: () => changes,
  });
  return { containers, reads, view };
}

async function location(containers: ReturnType<typeof section>['containers']): Promise<TreeNode> {
  const [row] = await containers.children(CONTAINERS_SECTION);
  return row;
}

describe('the Containers section', () => {
  it('shows a row per location, or the row that adds the first', async () => {
    const { containers } = section();
    assert.deepEqual(ids(await containers.children(CONTAINERS_SECTION)), ['containers/1/76']);
    const [add] = await section({ locations: [] }).containers.children(CONTAINERS_SECTION);
    assert.equal(add.view?.command?.id, COMMAND.addLocation);
  });

  it('lists a location’s containers after its Pull Secrets row, those created here and not listed yet as Creating…', async () => {
    const { containers, reads, view } = section({ changes: [containerChange(LOCATION, 'new-app', 'create')] });
    reads.containerList = loaded(list<Container>([{ name: 'web-app', status: 'Ready' }], { unreadableCount: 1 }));
    const rows = await containers.children(await location(containers));
    assert.deepEqual(ids(rows), [
      'containers/1/76/pull-secrets',
      'containers/1/76/web-app',
      'containers/1/76/new-app',
      'containers/1/76/gaps:unreadable',
    ]);
    assert.equal(rows[2].view?.description, 'Creating…');
    assert.equal(view.progressShown, 1);
  });

  it('offers New Container in a location without any', async () => {
    const { containers } = section();
    const node = await location(containers);
    const rows = await containers.children(node);
    assert.deepEqual(labels(rows), ['Pull Secrets', 'No containers here: New Container…']);
    assert.deepEqual(rows[1].view?.command, { id: COMMAND.createContainer, title: 'New Container', arguments: [node] });
  });

  it('says once, in place of the locations, that this API has no containers, until a Refresh of the section', async () => {
    const { containers, reads, view } = section({ locations: [LOCATION, { projectId: 1, regionId: 77 }] });
    reads.containerList = failed(MISSING);
    assert.deepEqual(await containers.children(await location(containers)), []);
    assert.deepEqual(view.refreshed, [CONTAINERS_SECTION]);
    assert.deepEqual(labels(await containers.children(CONTAINERS_SECTION)), ['Containers are not available from this API']);
    reads.containerList = loaded(list<Container>([]));
    assert.equal(containers.invalidate(CONTAINERS_SECTION), CONTAINERS_SECTION);
    assert.deepEqual(ids(await containers.children(CONTAINERS_SECTION)), ['containers/1/76', 'containers/1/77']);
  });

  it('shows a failed list as an error row that reloads the location', async () => {
    const { containers, reads } = section();
    reads.containerList = failed(SERVER_ERROR);
    const node = await location(containers);
    const [row] = await containers.children(node);
    assert.equal(row.view?.label, 'Failed to load containers');
    assert.deepEqual(row.view?.command?.arguments, [node]);
  });

  it('lists a location’s pull secrets, says quietly under the row when this API has none, and offers a first one', async () => {
    const { containers, reads } = section();
    const [secrets] = await containers.children(await location(containers));
    reads.secretList = loaded(list<PullSecret>([{ name: 'registry' }]));
    assert.deepEqual(ids(await containers.children(secrets)), ['containers/1/76/pull-secrets/registry']);
    reads.secretList = loaded(list<PullSecret>([]));
    assert.deepEqual(labels(await containers.children(secrets)), ['No pull secrets here: Create Pull Secret…']);
    reads.secretList = failed(MISSING);
    const [quiet] = await containers.children(secrets);
    assert.equal(quiet.id, 'containers/1/76/pull-secrets/unavailable');
    assert.equal(quiet.view?.label, 'Pull secrets are not available from this API');
  });

  it('reads again what a Refresh names: a location its lists, a container its location’s, the section everything', async () => {
    const { containers, reads } = section();
    reads.containerList = loaded(list<Container>([{ name: 'web-app' }]));
    const node = await location(containers);
    const [secrets, container] = await containers.children(node);
    assert.equal(containers.invalidate(node), node);
    assert.equal(containers.invalidate(container), node);
    assert.equal(containers.invalidate(secrets), secrets);
    assert.equal(containers.invalidate(CONTAINERS_SECTION), CONTAINERS_SECTION);
    assert.deepEqual(reads.invalidated, [
      'containers 1/76',
      'secrets 1/76',
      'containers 1/76',
      'secrets 1/76',
      'containers all',
      'secrets all',
    ]);
  });

  it('shows a container’s fields, an environment variable’s value once asked, and its tooltip on hover', async () => {
    const { containers, reads, view } = section();
    reads.containerList = loaded(list<Container>([{ name: 'web-app', image: 'nginx:1.27', envs: { MODE: 'production' } }]));
    const [, container] = await containers.children(await location(containers));
    const fields = (await containers.children(container)) as ContainerDetailNode[];
    const env = fields.find((field) => field.row.label === 'MODE')!;
    assert.equal(env.view.description, 'environment variable · value hidden');
    containers.toggleValue(env);
    assert.deepEqual(view.refreshed, [container]);
    const shown = (await containers.children(container)) as ContainerDetailNode[];
    assert.equal(shown.find((field) => field.row.label === 'MODE')?.view.description, 'production');
    assert.match(containers.resolveTooltip?.(container) ?? '', /nginx/);
  });
});
