import * as assert from 'node:assert/strict';
import { NotOfferedError } from '../../../../src/logging/notOffered';
import { containerChange } from '../../../../src/models/containers/container';
import type { ContainerCreate } from '../../../../src/models/containers/containerCreate';
import { sendContainerCreate, sendContainerDelete, sendContainerUpdate } from '../../../../src/writes/containers/containerWrites';
import { rejection, startHarness, stopHarness, type Harness } from '../../api/clientHarness';
import { recordedLog } from '../../support/recordedLog';

const HERE = { projectId: 1, regionId: 76 };
const CONTAINERS = '/cloud/v1/caas/1/76/containers';
const WEB_APP = { ...HERE, containerName: 'web-app' };
const NEW_CONTAINER = { name: 'new-app', image: 'nginx:1.27', listening_port: 80, flavor: '250mCPU-512MiB', scale: { min: 1, max: 2 } };

/* What a container change sends, the same from a command, a document and the MCP server's tools. */
describe("the containers' write path", () => {
  let harness: Harness;
  let log: ReturnType<typeof recordedLog>;
  let deps: { client: Harness['client']; log: ReturnType<typeof recordedLog> };

  beforeEach(async () => {
    harness = await startHarness();
    log = recordedLog();
    deps = { client: harness.client, log };
  });

  afterEach(() => stopHarness(harness));

  /** The writes the emulator received: method, path and body. */
  const sentWrites = () =>
    harness.emulator.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.path, request.json]);

  it('sends an update, a stop, a start, a create and a delete as the commands and documents always sent them', async () => {
    await sendContainerUpdate(deps, WEB_APP, { timeout: 30 });
    await sendContainerUpdate(deps, WEB_APP, { is_disabled: true });
    await sendContainerUpdate(deps, WEB_APP, { is_disabled: false });
    await sendContainerUpdate(deps, WEB_APP, { timeout: 45, is_disabled: true });
    await sendContainerCreate(deps, HERE, NEW_CONTAINER as ContainerCreate);
    await sendContainerDelete(deps, WEB_APP);
    assert.deepEqual(sentWrites(), [
      ['PATCH', `${CONTAINERS}/web-app`, { timeout: 30 }],
      ['PATCH', `${CONTAINERS}/web-app`, { is_disabled: true }],
      ['PATCH', `${CONTAINERS}/web-app`, { is_disabled: false }],
      ['PATCH', `${CONTAINERS}/web-app`, { timeout: 45 }],
      ['PATCH', `${CONTAINERS}/web-app`, { is_disabled: true }],
      ['POST', CONTAINERS, NEW_CONTAINER],
      ['DELETE', `${CONTAINERS}/web-app`, undefined],
    ]);
  });

  it("answers each change with its tasks, the container they change and the location's list to read again", async () => {
    const updated = await sendContainerUpdate(deps, WEB_APP, { timeout: 30 });
    const created = await sendContainerCreate(deps, HERE, NEW_CONTAINER as ContainerCreate);
    const deleted = await sendContainerDelete(deps, { ...HERE, containerName: 'legacy-site' });
    assert.deepEqual(
      [updated, created, deleted].map(({ change, stale }) => ({ change, stale })),
      [
        { change: containerChange(HERE, 'web-app', 'update'), stale: HERE },
        { change: containerChange(HERE, 'new-app', 'create'), stale: HERE },
        { change: containerChange(HERE, 'legacy-site', 'delete'), stale: HERE },
      ],
    );
    assert.ok([updated, created, deleted].every(({ result }) => result.tasks.length > 0));
    assert.deepEqual(log.lines, [
      `info container new-app create sent (tasks ${created.result.tasks.join(', ')})`,
      `info container legacy-site delete sent (tasks ${deleted.result.tasks.join(', ')})`,
    ]);
  });

  it('says a container that is not there, and an endpoint this API lacks, naming the command and that nothing changed', async () => {
    const gone = await rejection(sendContainerDelete(deps, { ...HERE, containerName: 'no-such-app' }));
    assert.equal(
      gone.message,
      'Container no-such-app is not in project 1, region 76 (Gcore answered 404): it may have been deleted already.',
    );
    harness.emulator.inject({ method: 'POST', path: CONTAINERS, status: 405 });
    const missing = await rejection(sendContainerCreate(deps, HERE, NEW_CONTAINER as ContainerCreate));
    assert.ok(missing instanceof NotOfferedError);
    assert.match(missing.message, /^The API at gcore\.apiBaseUrl does not offer New Container: it answered 405 .*Nothing was changed\.$/);
  });
});
