import * as assert from 'node:assert/strict';
import type { Container } from '../../../../src/api/containers/containerTypes';
import { containerRowView } from '../../../../src/views/containers/presentation/containerView';

/** A container as Gcore lists it once it runs. */
const LISTED: Container = {
  name: 'web-app',
  status: 'Ready',
  address: 'https://web-app-1-76-caas.caas.k1.frankfurt-2.cloud.gcore.dev/',
  image: 'nginx:1.27',
  deploy_status: { total: 2, ready: 2 },
};

describe('containerRowView of a container changed here', () => {
  describe('create', () => {
    it('shows a container Gcore does not list yet as "Creating…", with no status word', () => {
      const view = containerRowView({ name: 'new-app' }, 'create');
      assert.equal(view.label, 'new-app');
      assert.equal(view.description, 'Creating…');
      assert.ok(!/Unknown/.test(view.description ?? ''), 'no status of its own yet');
      assert.deepEqual(view.icon, { id: 'sync~spin' });
      assert.equal(view.contextValue, 'container');
    });

    it('shows the status once Gcore lists the container, after "Creating…"', () => {
      const view = containerRowView(
        { name: 'new-app', status: 'Deploying', image: 'nginx:latest', deploy_status: { total: 1, ready: 0 } },
        'create',
      );
      assert.equal(view.description, 'Creating… · Deploying · 0/1 · nginx:latest');
      assert.deepEqual(view.icon, { id: 'sync~spin' });
    });

    it('shows what the creation knows of the new container beside "Creating…"', () => {
      assert.equal(containerRowView({ name: 'new-app', image: 'nginx:latest' }, 'create').description, 'Creating… · nginx:latest');
    });

    it('keeps "Unknown" for a container without a status when nothing is being created', () => {
      assert.equal(containerRowView({ name: 'new-app' }).description, 'Unknown');
    });
  });

  describe('delete', () => {
    it('puts "Deleting…" first, spins, and marks the row as deleting so its actions are withheld', () => {
      const view = containerRowView(LISTED, 'delete');
      assert.equal(view.description, 'Deleting… · Ready · 2/2 · nginx:1.27');
      assert.deepEqual(view.icon, { id: 'sync~spin' });
      assert.equal(view.contextValue, 'container.deleting');
    });

    it('marks a container without an address as deleting too', () => {
      const view = containerRowView({ name: 'old-app', status: 'Error' }, 'delete');
      assert.equal(view.description, 'Deleting… · Error');
      assert.equal(view.contextValue, 'container.deleting');
    });
  });

  describe('update', () => {
    it('puts "Updating…" first and keeps the row\'s actions', () => {
      const view = containerRowView(LISTED, 'update');
      assert.equal(view.description, 'Updating… · Ready · 2/2 · nginx:1.27');
      assert.deepEqual(view.icon, { id: 'sync~spin' });
      assert.equal(view.contextValue, 'container.withAddress');
    });

    it('shows "Unknown" for a container without a status, since an update is of a container Gcore has', () => {
      const view = containerRowView({ name: 'bare' }, 'update');
      assert.equal(view.description, 'Updating… · Unknown');
      assert.equal(view.contextValue, 'container');
    });
  });

  it('shows the row as it is, with its status icon, when nothing is changing', () => {
    const view = containerRowView(LISTED);
    assert.equal(view.description, 'Ready · 2/2 · nginx:1.27');
    assert.deepEqual(view.icon, { id: 'pass-filled', color: 'testing.iconPassed' });
    assert.equal(view.contextValue, 'container.withAddress');
  });
});
