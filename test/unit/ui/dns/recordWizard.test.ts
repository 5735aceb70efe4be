import * as assert from 'node:assert/strict';
import { GcoreApiError } from '../../../../src/api';
import type { RecordSet } from '../../../../src/api/dns/dnsTypes';
import { BACK } from '../../../../src/ui/promptUi';
import { runWizard } from '../../../../src/ui/wizard';
import {
  addRecordPlan,
  answeredName,
  editAnswers,
  editRecordPlan,
  reviewedWrite,
  type RecordAnswers,
  type RecordWizardDeps,
} from '../../../../src/ui/dns/recordWizard';
import { CANCEL, type Answer } from '../../../extension/support/scriptedUi';
import { RecordingUi } from '../recordingUi';

const ZONE = 'example.com';

const MX: RecordSet = {
  name: 'example.com.',
  type: 'MX',
  ttl: 3600,
  resource_records: [
    { id: 1, content: [10, 'mail.example.com.'], enabled: true, meta: {} },
    { id: 2, content: [20, 'backup-mx.example.net.'], enabled: true, meta: {} },
  ],
  meta: {},
};

const GEO: RecordSet = {
  name: 'cdn.example.com.',
  type: 'A',
  ttl: 120,
  resource_records: [
    { content: ['198.51.100.10'], enabled: true, meta: { continents: ['EU'] } },
    { content: ['198.51.100.30'], enabled: true, meta: { default: true } },
  ],
  meta: { geodns_link: 'cdn-1' },
  pickers: [{ type: 'geodns', strict: false }, { type: 'default' }],
};

/** Gcore as the wizard reads it: each read answers the next of `sets` (the last one repeats). */
function deps(ui: RecordingUi, sets: (RecordSet | undefined | Error)[]): RecordWizardDeps & { reads: string[] } {
  const reads: string[] = [];
  return {
    ui,
    title: 'Gcore: Add Record',
    reads,
    readSet: async (zoneName, name, type) => {
      reads.push(`${zoneName} ${name} ${type}`);
      const answer = sets.length > 1 ? sets.shift() : sets[0];
      if (answer instanceof Error) throw answer;
      return answer;
    },
    pickZone: async () => ZONE,
  };
}

async function add(answers: Answer[], sets: (RecordSet | undefined | Error)[] = [undefined]) {
  const ui = new RecordingUi(answers);
  const wizard = deps(ui, sets);
  const state: RecordAnswers = { zoneName: ZONE, values: [] };
  await runWizard(state, addRecordPlan(wizard, true));
  ui.assertAllAnswersUsed();
  return { state, ui, reads: wizard.reads, write: reviewedWrite(state, ZONE, answeredName(state) ?? '', state.type ?? 'A') };
}

describe('Add Record', () => {
  it('asks the type, the name, the values, the TTL, and shows exactly what is sent', async () => {
    const { write, ui, reads } = await add([
      'SRV',
      '_sip._tcp',
      '10 60 5060 sip.example.com.',
      'Add value…',
      '20 40 5060 sip-backup.example.com',
      'Done',
      '5 min',
      'Add Record Set',
    ]);
    assert.deepEqual(write, {
      zoneName: ZONE,
      name: '_sip._tcp.example.com',
      type: 'SRV',
      write: 'create',
      body: {
        ttl: 300,
        resource_records: [{ content: [10, 60, 5060, 'sip.example.com.'] }, { content: [20, 40, 5060, 'sip-backup.example.com'] }],
      },
    });
    assert.deepEqual(reads, ['example.com _sip._tcp.example.com SRV'], 'the set is looked for once, before its values');
    const review = ui.shown.at(-1);
    assert.equal(review?.message, 'Add _sip._tcp SRV to example.com?');
    assert.equal(review?.detail, 'TTL 300\n10 60 5060 sip.example.com.\n20 40 5060 sip-backup.example.com');
    assert.deepEqual(review?.labels, ['Add Record Set', 'Go Back']);
  });

  it('checks the name against the zone and the values as the resolver reads them, naming the field', async () => {
    const { ui, write } = await add(['CNAME', '@', 'www.other.org.', 'www', 'not a host', 'example.net.', '1 h', 'Add Record Set']);
    const prompts = ui.prompts();
    assert.deepEqual(prompts[1].validationMessages, [
      "Record name: a CNAME cannot be at the zone's apex",
      'Record name: www.other.org. is not inside the zone example.com',
    ]);
    assert.match(prompts[2].prompt ?? '', /^CNAME value: one host name/);
    assert.equal(prompts[2].validationMessages.length, 1);
    assert.match(prompts[2].validationMessages[0], /^CNAME value: must be one host name, such as target\.example\.com\.$/);
    assert.deepEqual(write.body, { ttl: 3600, resource_records: [{ content: ['example.net.'] }] });
  });

  it('refuses a value the set holds twice, and types any TTL in seconds', async () => {
    const { ui, write } = await add([
      'A',
      'api',
      '192.0.2.1',
      'Add value…',
      '192.0.2.1',
      '192.0.2.2',
      'Done',
      '90000000000',
      '45',
      'Add Record Set',
    ]);
    const prompts = ui.prompts();
    assert.deepEqual(prompts[4].validationMessages, ['A value: the set already holds this value']);
    assert.deepEqual(
      prompts.at(-1)?.items?.map((item) => item.label),
      ['5 min', '1 min', '30 min', '1 h', '1 d'],
    );
    assert.deepEqual(ui.shown.at(-2)?.validationMessages, ['TTL: must be between 0 and 2147483647']);
    assert.equal(write.body.ttl, 45);
  });

  it('when the set exists, offers to add to it or replace it, and adds to it with one PUT of every value', async () => {
    const { write, ui } = await add(
      ['MX', '@', 'Add values to it', '10 mail.example.com.', '30 mx3.example.com.', 'Done', '1 h', 'Update Record Set'],
      [MX],
    );
    assert.equal(ui.prompts()[2].placeholder, '@ MX already exists at Gcore. What should happen to it?');
    assert.deepEqual(ui.prompts()[3].validationMessages, ['MX value: the set already holds this value']);
    assert.equal(write.write, 'add');
    assert.deepEqual(
      write.body.resource_records.map((record) => record.content),
      [
        [10, 'mail.example.com.'],
        [20, 'backup-mx.example.net.'],
        [30, 'mx3.example.com.'],
      ],
    );
    assert.equal(
      ui.shown.at(-1)?.detail,
      'TTL 3600 (unchanged)\n10 mail.example.com. (unchanged)\n20 backup-mx.example.net. (unchanged)\n30 mx3.example.com. (added)',
    );
  });

  it('replaces a dynamic set it finds without dropping its pickers or meta, and offers no "add" for a CNAME', async () => {
    const replaced = await add(['A', 'cdn', 'Replace its values', '198.51.100.10', 'Done', '2 min', 'Update Record Set'], [GEO]);
    assert.deepEqual(replaced.write.body, {
      ttl: 120,
      resource_records: [{ content: ['198.51.100.10'], enabled: true, meta: { continents: ['EU'] } }],
      meta: { geodns_link: 'cdn-1' },
      pickers: GEO.pickers,
    });
    const cname: RecordSet = { name: 'www.example.com', type: 'CNAME', ttl: 60, resource_records: [{ content: ['example.com.'] }] };
    const ui = new RecordingUi(['CNAME', 'www', CANCEL]);
    await assert.rejects(
      runWizard({ zoneName: ZONE, values: [] } as RecordAnswers, addRecordPlan(deps(ui, [cname]), true)),
      (error: { userCancelled?: boolean }) => error.userCancelled === true,
    );
    assert.deepEqual(
      ui.prompts()[2].items?.map((item) => item.label),
      ['$(replace) Replace its values'],
    );
  });

  it('goes Back without losing the values, and forgets them when the type changes', async () => {
    const cancelled = (error: { userCancelled?: boolean }) => error.userCancelled === true;
    const ui = new RecordingUi(['TXT', 'verify', 'token-1', 'Done', BACK, BACK, BACK, 'TXT', 'verify', 'Done', '1 min', 'Go Back', CANCEL]);
    const state: RecordAnswers = { zoneName: ZONE, values: [] };
    const wizard = deps(ui, [undefined]);
    await assert.rejects(runWizard(state, addRecordPlan(wizard, true)), cancelled);
    assert.deepEqual(state.values, [{ content: ['token-1'] }]);
    assert.equal(ui.prompts()[8].value, 'verify');
    assert.deepEqual(
      ui
        .prompts()
        .at(-1)
        ?.items?.map((item) => item.label),
      ['1 min', '5 min', '30 min', '1 h', '1 d'],
      'the TTL picked before comes first',
    );
    assert.equal(wizard.reads.length, 1, 'the same name is not looked for again');
    const other = new RecordingUi(['TXT', 'verify', 'token-1', 'Done', BACK, BACK, BACK, 'A', 'verify', CANCEL]);
    const changed: RecordAnswers = { zoneName: ZONE, values: [] };
    await assert.rejects(runWizard(changed, addRecordPlan(deps(other, [undefined]), true)), cancelled);
    assert.deepEqual(changed.values, []);
  });

  it('reads the set again for the review, and says so when it changed or went meanwhile', async () => {
    const changed: RecordSet = { ...MX, resource_records: [...MX.resource_records, { content: [5, 'new.example.com.'] }] };
    const { ui, write } = await add(
      ['MX', '@', 'Replace its values', '10 mail.example.com.', 'Done', '1 h', 'Update Record Set'],
      [MX, changed],
    );
    assert.match(
      ui.shown.at(-1)?.detail ?? '',
      /^It changed at Gcore while you edited it: what follows compares with what Gcore holds now\.\n/,
    );
    assert.match(ui.shown.at(-1)?.detail ?? '', /5 new\.example\.com\. \(removed\)/);
    assert.equal(write.write, 'replace');
    const gone = await add(['MX', '@', 'Replace its values', '10 mail.example.com.', 'Done', '1 h', 'Add Record Set'], [MX, undefined]);
    assert.match(gone.ui.shown.at(-1)?.detail ?? '', /^It was deleted at Gcore while you edited it: this creates it again\./);
    assert.equal(gone.write.write, 'create');
  });

  it('offers Retry when the set cannot be read, returns to the name when dismissed, and says when the API has no record sets', async () => {
    const failure = new GcoreApiError('server', 'Gcore answered 503', { status: 503 });
    const { ui } = await add(['A', 'www', 'Retry', '192.0.2.1', 'Done', '5 min', 'Add Record Set'], [failure, undefined]);
    assert.equal(ui.shown[2].message, 'Could not read whether www A exists in example.com.');
    assert.match(ui.shown[2].detail ?? '', /^Gcore answered 503\n\nNothing was sent\./);
    const back = await add(['A', 'www', CANCEL, 'www2', '192.0.2.1', 'Done', '5 min', 'Add Record Set'], [failure, undefined]);
    assert.equal(back.write.name, 'www2.example.com');
    const missing = new GcoreApiError('notFound', 'Not Found', { status: 404 });
    const ui3 = new RecordingUi(['A', 'www']);
    await assert.rejects(
      runWizard({ zoneName: ZONE, values: [] } as RecordAnswers, addRecordPlan(deps(ui3, [missing]), true)),
      /Record sets are not available from the API at gcore\.apiBaseUrl/,
    );
  });
});

describe('Edit Record', () => {
  async function edit(set: RecordSet, answers: Answer[], sets: (RecordSet | undefined)[] = [set]) {
    const ui = new RecordingUi(answers);
    const state = editAnswers(ZONE, set.type as 'A', set);
    const outcome = await runWizard(state, editRecordPlan({ ...deps(ui, sets), title: 'Gcore: Edit Record Set' })).then(
      () => 'done',
      (error: { userCancelled?: boolean }) => (error.userCancelled ? 'cancelled' : error),
    );
    return { ui, state, outcome, write: reviewedWrite(state, ZONE, answeredName(state) ?? '', state.type ?? 'A') };
  }

  it("starts from the values, and a changed value keeps its record's meta and the set its pickers", async () => {
    const { ui, write, state } = await edit(GEO, ['198.51.100.30', 'Change…', '198.51.100.31', 'Done', '2 min', 'Update Record Set']);
    assert.equal(answeredName(state), 'cdn.example.com');
    assert.deepEqual(
      ui.prompts()[0].items?.map((item) => item.label),
      ['$(check) Done', '$(add) Add value…', '198.51.100.10', '198.51.100.30'],
    );
    assert.equal(ui.prompts()[2].value, '198.51.100.30');
    assert.deepEqual(write.body, {
      ttl: 120,
      resource_records: [
        { content: ['198.51.100.10'], enabled: true, meta: { continents: ['EU'] } },
        { content: ['198.51.100.31'], enabled: true, meta: { default: true } },
      ],
      meta: { geodns_link: 'cdn-1' },
      pickers: GEO.pickers,
    });
    assert.equal(ui.shown.at(-1)?.detail, 'TTL 120 (unchanged)\n198.51.100.10 (unchanged)\n198.51.100.30 → 198.51.100.31');
  });

  it('disables, enables and removes values, and sends nothing when nothing changes', async () => {
    const disabled = await edit(MX, [
      '20 backup-mx.example.net.',
      'Disable',
      '10 mail.example.com.',
      'Remove',
      'Done',
      '1 h',
      'Update Record Set',
    ]);
    assert.deepEqual(disabled.write.body.resource_records, [{ content: [20, 'backup-mx.example.net.'], enabled: false, meta: {} }]);
    assert.equal(
      disabled.ui.shown.at(-1)?.detail,
      'TTL 3600 (unchanged)\n20 backup-mx.example.net. (disabled)\n10 mail.example.com. (removed)',
    );
    const same = await edit(MX, ['Done', '1 h', 'Go Back', CANCEL]);
    assert.equal(same.outcome, 'cancelled');
    assert.equal(
      same.ui.shown.find((shown) => shown.kind === 'choose')?.message,
      '@ MX already holds exactly this: there is nothing to send.',
    );
  });
});
