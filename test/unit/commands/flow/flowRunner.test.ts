import * as assert from 'node:assert/strict';
import { GcoreApiError } from '../../../../src/api/errors';
import type { Command } from '../../../../src/commands/flow/command';
import { reported, runCommand, type RunnerDeps } from '../../../../src/commands/flow/flowRunner';
import { describeFailure, recoveryLabel } from '../../../../src/logging/failureMessage';
import { hideSecret } from '../../../../src/logging/redaction';
import { BACK, UserCancelledError, type PromptUi } from '../../../../src/ui/promptUi';
import { CANCEL, ScriptedUi, type Answer } from '../../../extension/support/scriptedUi';

interface ZoneArgs {
  name: string;
  force?: boolean;
}

/** What the prompts typed so far; Edit after a failure must hand back this very object. */
interface ZoneDraft {
  name?: string;
}

/** Everything the fake command was called with, in order. */
interface Calls {
  parsed: unknown[];
  asked: { draft: ZoneDraft; value: string | undefined; node: unknown }[];
  confirmed: ZoneArgs[];
  runs: { args: ZoneArgs; ui: PromptUi; signal: AbortSignal | undefined }[];
  reports: { result: string; args: ZoneArgs }[];
}

const SECRET = 'flow-runner-secret-key-5f3a';

/**
 * A command shaped like Create DNS Zone: a name asked in one box, a progress title, a result naming the
 * zone. `outcomes` script its runs: a text is the result, anything else is thrown; past the end it succeeds.
 */
function zoneCommand(
  record: Calls,
  outcomes: unknown[] = [],
  overrides: Partial<Command<ZoneArgs, string, ZoneDraft>> = {},
): Command<ZoneArgs, string, ZoneDraft> {
  return {
    id: 'gcore.test.createZone',
    what: (args) => (args ? `Create DNS zone ${args.name}` : 'Create DNS zone'),
    parse: (arg) => {
      record.parsed.push(arg);
      const name = (arg as { name?: unknown }).name;
      if (typeof name !== 'string') throw new Error('name: must be text');
      return { name };
    },
    draft: () => ({}),
    ask: async (ui, draft, node) => {
      record.asked.push({ draft, value: draft.name, node });
      const name = await ui.input({ title: 'Zone name', value: draft.name });
      if (name === BACK) throw new UserCancelledError();
      draft.name = name;
      return { name };
    },
    confirmed: async (args) => void record.confirmed.push(args),
    progress: (args) => `Creating ${args.name}…`,
    run: async (args, { ui, signal }) => {
      record.runs.push({ args, ui, signal });
      const outcome = outcomes.shift();
      if (typeof outcome === 'string') return outcome;
      if (outcome !== undefined) throw outcome;
      return `zone ${args.name}`;
    },
    report: (_ui, result, args) => void record.reports.push({ result, args }),
    ...overrides,
  };
}

function noCalls(): Calls {
  return { parsed: [], asked: [], confirmed: [], runs: [], reports: [] };
}

/** The runner's host: a scripted UI, a log kept as lines, and VS Code's commands as a list of calls. */
class Host {
  readonly lines: string[] = [];
  readonly executed: unknown[][] = [];
  logShown = 0;
  readonly deps: RunnerDeps;

  constructor(readonly ui: ScriptedUi) {
    this.deps = {
      ui: () => ui,
      log: {
        debug: (message) => void this.lines.push(`debug ${message}`),
        info: (message) => void this.lines.push(`info ${message}`),
        warn: (message) => void this.lines.push(`warn ${message}`),
        error: (message, error) => void this.lines.push(`error ${message}${error instanceof Error ? `: ${error.message}` : ''}`),
        show: () => void (this.logShown += 1),
      },
      execute: async (commandId, ...args) => void this.executed.push([commandId, ...args]),
    };
  }

  run<Args, Result, Draft>(command: Command<Args, Result, Draft>, arg?: unknown): Promise<unknown> {
    return runCommand(this.deps, command, arg);
  }
}

function host(answers: Answer[] = []): Host {
  return new Host(new ScriptedUi(answers));
}

/** Lets what the runner started without awaiting (a failure's notification, a warning's button) finish. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const conflict = () => new GcoreApiError('conflict', 'Zone already exists', { status: 409 });

describe('flow runner', () => {
  describe('a programmatic call', () => {
    it('validates its argument with parse, runs with a silent UI and resolves to the result', async () => {
      const record = noCalls();
      const h = host();
      const result = await h.run(zoneCommand(record), { name: 'example.com' });
      assert.equal(result, 'zone example.com');
      assert.deepEqual(record.parsed, [{ name: 'example.com' }]);
      assert.deepEqual(record.asked, []);
      assert.deepEqual(record.confirmed, []);
      assert.deepEqual(record.reports, []);
      assert.deepEqual(h.ui.shown, []);
      assert.deepEqual(h.ui.progressTitles, []);
      assert.deepEqual(h.ui.notifications, []);
    });

    it('resolves to what returns makes of the result', async () => {
      const h = host();
      const result = await h.run(zoneCommand(noCalls(), [], { returns: (zone) => ({ created: zone }) }), { name: 'example.com' });
      assert.deepEqual(result, { created: 'zone example.com' });
    });

    it('never prompts: a prompt inside run rejects the caller and shows nothing', async () => {
      const h = host(['typed']);
      const asking = zoneCommand(noCalls(), [], {
        run: async (_args, { ui }) => {
          await ui.notify('info', 'announced');
          const name = await ui.input({ title: 'Zone name' });
          return String(name);
        },
      });
      await assert.rejects(h.run(asking, { name: 'example.com' }), /programmatic call cannot ask the user \("Zone name"\)/);
      assert.deepEqual(h.ui.shown, []);
      assert.deepEqual(h.ui.notifications, []);
      assert.deepEqual(h.ui.progressTitles, []);
    });

    it('still puts on the clipboard what the caller asked for', async () => {
      const h = host();
      const copying = zoneCommand(noCalls(), [], {
        run: async (args, { ui }) => {
          await ui.copyToClipboard(`DS of ${args.name}`);
          return 'copied';
        },
      });
      assert.equal(await h.run(copying, { name: 'example.com' }), 'copied');
      assert.deepEqual(h.ui.clipboard, ['DS of example.com']);
    });

    it('rejects with the error of parse and runs nothing', async () => {
      const record = noCalls();
      const h = host();
      await assert.rejects(h.run(zoneCommand(record), { name: 42 }), { message: 'name: must be text' });
      assert.deepEqual(record.runs, []);
      assert.deepEqual(h.ui.notifications, []);
      assert.ok(h.lines.includes('error gcore.test.createZone failed: name: must be text'), h.lines.join('\n'));
    });

    it('rejects with an Error whose message passed the redaction', async () => {
      hideSecret(SECRET);
      const h = host();
      const leaking = new GcoreApiError('http', `upstream echoed ${SECRET} back`, { status: 500 });
      await assert.rejects(h.run(zoneCommand(noCalls(), [leaking]), { name: 'example.com' }), (error: unknown) => {
        assert.ok(error instanceof GcoreApiError);
        assert.equal(error.message, 'upstream echoed *** back');
        return true;
      });
      assert.deepEqual(h.ui.notifications, []);
    });

    it('turns a thrown value that is not an Error into a redacted Error', async () => {
      hideSecret(SECRET);
      const h = host();
      const thrown = { toString: () => `plain text with ${SECRET}` };
      await assert.rejects(h.run(zoneCommand(noCalls(), [thrown]), { name: 'example.com' }), (error: unknown) => {
        assert.ok(error instanceof Error);
        assert.equal(error.message, 'plain text with ***');
        return true;
      });
    });

    it('rejects when its request is cancelled, where an interactive call would stay silent', async () => {
      const h = host();
      const cancelled = new GcoreApiError('cancelled', 'The request was cancelled.');
      await assert.rejects(h.run(zoneCommand(noCalls(), [cancelled]), { name: 'example.com' }), { message: 'The request was cancelled.' });
    });

    it('is programmatic without an argument when the command says so', async () => {
      const record = noCalls();
      const h = host();
      const hidden = zoneCommand(record, [], {
        programmaticWithoutArgument: true,
        parse: (arg) => {
          record.parsed.push(arg);
          return { name: 'from-parse' };
        },
      });
      assert.equal(await h.run(hidden), 'zone from-parse');
      assert.deepEqual(record.parsed, [undefined]);
      assert.deepEqual(record.asked, []);
    });
  });

  describe('the fork', () => {
    it('asks when there is no argument', async () => {
      const record = noCalls();
      const h = host(['typed.example']);
      assert.equal(await h.run(zoneCommand(record)), 'zone typed.example');
      assert.deepEqual(record.parsed, []);
      assert.equal(record.asked.length, 1);
    });

    it('asks when the argument is a tree node, and hands the node to ask', async () => {
      const record = noCalls();
      const node = { nodeType: 'zone', name: 'row.example' };
      const h = host(['typed.example']);
      await h.run(zoneCommand(record), node);
      assert.deepEqual(record.parsed, []);
      assert.equal(record.asked.length, 1);
      assert.equal(record.asked[0].node, node);
    });

    it('asks when the command takes no programmatic argument, whatever it is given', async () => {
      const record = noCalls();
      const h = host(['typed.example']);
      await h.run(zoneCommand(record, [], { parse: undefined }), { name: 'example.com' });
      assert.deepEqual(
        record.asked.map((asked) => asked.node),
        [{ name: 'example.com' }],
      );
      assert.deepEqual(
        record.runs.map((run) => run.args),
        [{ name: 'typed.example' }],
      );
    });
  });

  describe('an interactive call', () => {
    it('asks, confirms, shows progress, runs with its signal and reports', async () => {
      const record = noCalls();
      const h = host(['example.com', true]);
      const confirming = zoneCommand(record, [], {
        confirm: (ui, args) => ui.confirm({ message: `Create ${args.name}?`, confirmLabel: 'Create' }),
      });
      const result = await h.run(confirming);
      assert.equal(result, 'zone example.com');
      assert.deepEqual(
        h.ui.shown.map((shown) => [shown.kind, shown.message ?? shown.title]),
        [
          ['input', 'Zone name'],
          ['confirm', 'Create example.com?'],
        ],
      );
      assert.deepEqual(record.confirmed, [{ name: 'example.com' }]);
      assert.deepEqual(h.ui.progressTitles, ['Creating example.com…']);
      assert.equal(record.runs.length, 1);
      assert.equal(record.runs[0].ui, h.ui);
      assert.ok(record.runs[0].signal instanceof AbortSignal);
      assert.deepEqual(record.reports, [{ result: 'zone example.com', args: { name: 'example.com' } }]);
      h.ui.assertAllAnswersUsed();
    });

    it('lets its report reopen the prompts, filled in with the same answers', async () => {
      const record = noCalls();
      const h = host(['example.com', 'other.example']);
      let reopened: Promise<unknown> | undefined;
      const reopening = zoneCommand(record, [], {
        report: (_ui, result, args, flow) => {
          record.reports.push({ result, args });
          reopened ??= flow.reopen();
        },
      });
      await h.run(reopening);
      assert.equal(await reopened, 'zone other.example');
      assert.deepEqual(
        h.ui.shown.map((shown) => shown.value),
        [undefined, 'example.com'],
      );
      assert.equal(record.asked[1].draft, record.asked[0].draft);
    });

    it('runs without progress, and without a signal, when the command names none', async () => {
      const record = noCalls();
      const h = host(['example.com']);
      await h.run(zoneCommand(record, [], { progress: undefined }));
      assert.deepEqual(h.ui.progressTitles, []);
      assert.equal(record.runs[0].signal, undefined);
    });

    it('stops quietly when the confirmation is declined', async () => {
      const record = noCalls();
      const h = host(['example.com', false]);
      const confirming = zoneCommand(record, [], { confirm: (ui) => ui.confirm({ message: 'Create?', confirmLabel: 'Create' }) });
      assert.equal(await h.run(confirming), undefined);
      assert.deepEqual(record.confirmed, []);
      assert.deepEqual(record.runs, []);
      assert.deepEqual(h.ui.notifications, []);
      assert.ok(h.lines.includes('info gcore.test.createZone cancelled'), h.lines.join('\n'));
    });

    it('is silent when the user cancels a prompt', async () => {
      const record = noCalls();
      const h = host([CANCEL]);
      assert.equal(await h.run(zoneCommand(record)), undefined);
      assert.deepEqual(record.runs, []);
      assert.deepEqual(h.ui.notifications, []);
    });

    it('is silent when the user cancels the progress before anything was sent', async () => {
      const record = noCalls();
      const h = host(['example.com']);
      const cancelled = new GcoreApiError('cancelled', 'The request was cancelled.');
      const warned = zoneCommand(record, [cancelled], { cancelledAfterSending: () => ({ message: 'example.com may exist' }) });
      assert.equal(await h.run(warned), undefined);
      await settle();
      assert.deepEqual(h.ui.notifications, []);
      assert.deepEqual(record.reports, []);
    });

    it('warns, with the command’s button, when the user cancels after a write was sent', async () => {
      const record = noCalls();
      const h = host(['example.com']);
      h.ui.answerNotification(/may exist/, 'Show Zones');
      const lookedUp: string[] = [];
      const cancelled = new GcoreApiError('cancelled', 'The request was cancelled.', { mayHaveApplied: true });
      const warned = zoneCommand(record, [cancelled], {
        cancelledAfterSending: (args) => ({
          message: `${args.name} may exist`,
          action: { label: 'Show Zones', run: async () => void lookedUp.push(args.name) },
        }),
      });
      assert.equal(await h.run(warned), undefined);
      await settle();
      assert.deepEqual(h.ui.notifications, [{ severity: 'warning', message: 'example.com may exist', actions: ['Show Zones'] }]);
      assert.deepEqual(lookedUp, ['example.com']);
      assert.deepEqual(record.reports, []);
    });
  });

  describe('a failure of an interactive call', () => {
    it('shows describeFailure’s message with its buttons', async () => {
      const error = conflict();
      const h = host(['example.com']);
      assert.equal(await h.run(zoneCommand(noCalls(), [error], { editable: true })), undefined);
      const expected = describeFailure(error, 'Create DNS zone example.com', { canRetry: true, canEdit: true });
      assert.deepEqual(h.ui.notifications, [
        { severity: 'error', message: expected.message, actions: expected.actions.map(recoveryLabel) },
      ]);
      assert.deepEqual(h.ui.notifications[0].actions, ['Edit', 'Show Log']);
    });

    it('Retry runs again with the same arguments and reports the second outcome', async () => {
      const record = noCalls();
      const h = host(['example.com']);
      h.ui.answerNotification(/failed/, 'Retry');
      const busy = new GcoreApiError('server', 'Service Unavailable', { status: 503 });
      assert.equal(await h.run(zoneCommand(record, [busy, 'created on retry'])), 'created on retry');
      assert.deepEqual(
        record.runs.map((run) => run.args),
        [{ name: 'example.com' }, { name: 'example.com' }],
      );
      assert.equal(record.asked.length, 1);
      assert.deepEqual(h.ui.progressTitles, ['Creating example.com…', 'Creating example.com…']);
      assert.deepEqual(record.reports, [{ result: 'created on retry', args: { name: 'example.com' } }]);
    });

    it('Edit reopens ask with the same draft, filled in', async () => {
      const record = noCalls();
      const h = host(['taken.example', 'free.example']);
      h.ui.answerNotification(/failed/, 'Edit');
      assert.equal(await h.run(zoneCommand(record, [conflict()], { editable: true })), 'zone free.example');
      assert.equal(record.asked.length, 2);
      assert.equal(record.asked[1].draft, record.asked[0].draft);
      assert.equal(record.asked[1].value, 'taken.example');
      assert.deepEqual(
        h.ui.shown.map((shown) => shown.value),
        [undefined, 'taken.example'],
      );
      assert.deepEqual(
        record.runs.map((run) => run.args),
        [{ name: 'taken.example' }, { name: 'free.example' }],
      );
      assert.deepEqual(record.reports, [{ result: 'zone free.example', args: { name: 'free.example' } }]);
    });

    it('offers no Edit when the command is not editable', async () => {
      const h = host(['example.com']);
      await h.run(zoneCommand(noCalls(), [conflict()]));
      assert.deepEqual(h.ui.notifications[0].actions, ['Show Log']);
    });

    it('offers the command’s alternative first when it applies, and reports what it ran', async () => {
      const record = noCalls();
      const h = host(['example.com']);
      h.ui.answerNotification(/failed/, 'Add Existing Zone');
      const withAlternative = zoneCommand(record, [conflict()], {
        alternative: (args) => ({
          when: (error) => error instanceof GcoreApiError && error.kind === 'conflict',
          label: 'Add Existing Zone',
          run: async () => `added ${args.name}`,
        }),
      });
      assert.equal(await h.run(withAlternative), 'added example.com');
      assert.deepEqual(h.ui.notifications[0].actions, ['Add Existing Zone', 'Show Log']);
      assert.equal(record.runs.length, 1);
      assert.deepEqual(record.reports, [{ result: 'added example.com', args: { name: 'example.com' } }]);
    });

    it('leaves the alternative out when it does not apply to the failure', async () => {
      const h = host(['example.com']);
      const withAlternative = zoneCommand(noCalls(), [new GcoreApiError('notFound', 'Not found.', { status: 404 })], {
        alternative: () => ({
          when: (error) => error instanceof GcoreApiError && error.kind === 'conflict',
          label: 'Add Existing Zone',
          run: async () => 'added',
        }),
      });
      await h.run(withAlternative);
      assert.deepEqual(h.ui.notifications[0].actions, ['Show Log']);
    });

    it('runs again with the arguments onFailure returns, before any message', async () => {
      const record = noCalls();
      const h = host(['example.com']);
      const handled: unknown[] = [];
      const error = conflict();
      const forcing = zoneCommand(record, [error], {
        onFailure: async (_ui, failure, args) => {
          handled.push(failure);
          return { runAgainWith: { ...args, force: true } };
        },
      });
      assert.equal(await h.run(forcing), 'zone example.com');
      assert.deepEqual(handled, [error]);
      assert.deepEqual(
        record.runs.map((run) => run.args),
        [{ name: 'example.com' }, { name: 'example.com', force: true }],
      );
      assert.deepEqual(h.ui.notifications, []);
      assert.deepEqual(
        record.reports.map((report) => report.result),
        ['zone example.com'],
      );
    });

    it('shows the general message when onFailure leaves the failure to it', async () => {
      const h = host(['example.com']);
      await h.run(zoneCommand(noCalls(), [conflict()], { onFailure: async () => undefined }));
      assert.equal(h.ui.notifications.length, 1);
    });

    it('only logs a failure the command reported itself', async () => {
      const h = host(['example.com']);
      await h.run(zoneCommand(noCalls(), [reported(conflict())]));
      await settle();
      assert.deepEqual(h.ui.notifications, []);
      assert.ok(h.lines.includes('error gcore.test.createZone failed: Zone already exists'), h.lines.join('\n'));
    });

    it('carries out Set API Key through VS Code’s command and shows the message once', async () => {
      const h = host(['example.com']);
      h.ui.answerNotification(/API key/, 'Set API Key');
      const rejected = new GcoreApiError('unauthorized', 'Unauthorized', { status: 401 });
      assert.equal(await h.run(zoneCommand(noCalls(), [rejected])), undefined);
      await settle();
      assert.deepEqual(h.executed, [['gcore.setApiKey']]);
      assert.equal(h.ui.notifications.length, 1);
    });

    it('copies the request ID when asked', async () => {
      const h = host(['example.com']);
      h.ui.answerNotification(/failed/, 'Copy Request ID');
      await h.run(zoneCommand(noCalls(), [new GcoreApiError('server', 'Internal Server Error', { status: 500, requestId: 'req-7' })]));
      assert.deepEqual(h.ui.clipboard, ['req-7']);
    });

    it('shows a failure of a command without progress once, naming the command, and Retry calls the command again', async () => {
      const node = { nodeType: 'zone', name: 'example.com' };
      const h = host(['example.com']);
      h.ui.answerNotification(/failed/, 'Retry');
      const error = new GcoreApiError('server', 'Bad Gateway', { status: 502 });
      assert.equal(await h.run(zoneCommand(noCalls(), [error], { progress: undefined }), node), undefined);
      await settle();
      const expected = describeFailure(error, 'Create DNS zone');
      assert.deepEqual(h.ui.notifications, [
        { severity: 'error', message: expected.message, actions: expected.actions.map(recoveryLabel) },
      ]);
      assert.deepEqual(h.executed, [['gcore.test.createZone', node]]);
    });

    it('shows a failure that is no request’s once, with Show Log', async () => {
      const h = host(['example.com']);
      h.ui.answerNotification(/failed/, 'Show Log');
      await h.run(zoneCommand(noCalls(), [new Error('no key store')]));
      await settle();
      assert.deepEqual(h.ui.notifications, [{ severity: 'error', message: 'Create DNS zone failed: no key store', actions: ['Show Log'] }]);
      assert.equal(h.logShown, 1);
    });

    it('points a bad base URL at the settings', async () => {
      const h = host(['example.com']);
      h.ui.answerNotification(/failed/, 'Open Settings');
      await h.run(zoneCommand(noCalls(), [new GcoreApiError('badBaseUrl', 'The API base URL is not allowed.')]));
      await settle();
      assert.deepEqual(h.executed, [['workbench.action.openSettings', 'gcore.']]);
    });
  });
});
