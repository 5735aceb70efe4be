import * as assert from 'node:assert/strict';
import type { Container } from '../../../../src/api/containers/containerTypes';
import {
  containerDocument,
  containerDocumentPath,
  containerDocumentSchema,
  differingFields,
  documentProblems,
  parseContainerDocumentPath,
  readDocument,
} from '../../../../src/models/containers/containerDocument';
import { documentChanges, documentText } from '../../../../src/models/jsonDocuments';
import { CONTAINER_UPDATE_FIELDS, validateContainerUpdate } from '../../../../src/models/containers/containerUpdate';
import type { JsonSchema } from '../../../../src/validation/jsonSchema';

const CONTAINER: Container = {
  name: 'web-app',
  image: 'nginx:1.27-alpine',
  flavor: '250mCPU-512MiB',
  listening_port: 80,
  timeout: 60,
  scale: { min: 1, max: 3, cooldown_period: 60, triggers: { cpu: { threshold: 80 } } },
  envs: { NGINX_PORT: '80' },
  description: 'Public web front end',
  is_api_key_auth: false,
  is_disabled: false,
  pull_secret: null,
  logging: {
    enabled: true,
    destination_region_id: 76,
    topic_name: 'web',
    retention_policy: { period: 30 },
    extra: 'kept out',
  } as Container['logging'],
  status: 'Ready',
  address: 'https://web-app.example',
  created_at: '2026-05-30T20:56:36Z',
};

describe('container documents', () => {
  describe('containerDocument', () => {
    it('holds the twelve fields of the update payload in its order, and nothing read-only', () => {
      const document = containerDocument(CONTAINER);
      assert.deepEqual(
        Object.keys(document),
        CONTAINER_UPDATE_FIELDS.map((spec) => spec.name),
      );
      assert.equal(document.timeout, 60);
      assert.deepEqual(
        document.scale,
        { min: 1, max: 3, cooldown_period: 60, triggers: { cpu: { threshold: 80 } } },
        'the whole scale, which a save sends whole',
      );
      assert.deepEqual(document.logging, { destination_region_id: 76, enabled: true, retention_policy: { period: 30 }, topic_name: 'web' });
      assert.equal(document.commands, null, 'a field Gcore does not send is null');
      assert.ok(!('status' in document) && !('address' in document) && !('created_at' in document));
    });

    it('is a valid update as it stands: opening and saving unchanged refuses nothing', () => {
      const document = containerDocument(CONTAINER);
      assert.deepEqual(documentProblems(document, document), []);
      assert.ok(validateContainerUpdate(document).ok);
    });

    it('writes two-space JSON with a final newline, and reads it back', () => {
      const text = documentText(containerDocument(CONTAINER));
      assert.match(text, /^\{\n {2}"commands": null,\n/);
      assert.ok(text.endsWith('}\n'));
      assert.deepEqual(readDocument(text), { ok: true, value: containerDocument(CONTAINER) });
    });
  });

  describe('readDocument', () => {
    it('says what is wrong with a text that is not one JSON object', () => {
      const broken = readDocument('{ "timeout": 45, }');
      assert.equal(broken.ok, false);
      assert.match(!broken.ok ? broken.message : '', /^the document is not valid JSON \(/);
      assert.deepEqual(readDocument('[1, 2]'), { ok: false, message: 'the document must be one JSON object of container fields' });
      assert.deepEqual(readDocument('null'), { ok: false, message: 'the document must be one JSON object of container fields' });
    });

    it('refuses a key written twice, naming it, where JSON would keep the last without a word', () => {
      assert.deepEqual(readDocument('{ "timeout": 45, "image": "nginx", "timeout": 0 }'), {
        ok: false,
        message: 'the document has the key timeout twice: write it once',
      });
      assert.deepEqual(readDocument('{ "scale": { "min": 1, "max": 3, "min": 0 } }'), {
        ok: false,
        message: 'the document has the key scale.min twice: write it once',
      });
      assert.deepEqual(readDocument('{ "timeout": 45, "\\u0074imeout": 0 }'), {
        ok: false,
        message: 'the document has the key timeout twice: write it once',
      });
      assert.equal(readDocument('{ "envs": { "min": "1" }, "scale": { "min": 1 } }').ok, true, 'one name in two objects is no repeat');
    });
  });

  describe('documentChanges: the edited document made into the smallest update', () => {
    const base = containerDocument(CONTAINER);

    it('keeps only the fields whose value differs, whole (a nested object is sent complete)', () => {
      const edited = { ...base, timeout: 45, scale: { min: 1, max: 5 }, description: 'Public web front end' };
      assert.deepEqual(documentChanges(base, edited), { timeout: 45, scale: { min: 1, max: 5 } });
    });

    it('ignores key order and treats a field taken out of the document as unchanged', () => {
      const { timeout: _removed, ...rest } = base;
      const reordered = Object.fromEntries(Object.entries(rest).reverse());
      assert.deepEqual(
        documentChanges(base, {
          ...reordered,
          logging: { topic_name: 'web', retention_policy: { period: 30 }, enabled: true, destination_region_id: 76 },
        }),
        {},
      );
    });

    it('sends null when a set field is cleared, and a value when a null one is set', () => {
      assert.deepEqual(documentChanges(base, { ...base, description: null, pull_secret: 'registry' }), {
        description: null,
        pull_secret: 'registry',
      });
    });

    it('against an empty start (the container could not be read), every field written is a change', () => {
      assert.deepEqual(documentChanges({}, { timeout: 45 }), { timeout: 45 });
    });
  });

  describe('differingFields: conflict detection', () => {
    it('names the fields changed at Gcore since the document was opened, and none when nothing moved', () => {
      const opened = containerDocument(CONTAINER);
      assert.deepEqual(differingFields(opened, containerDocument({ ...CONTAINER })), []);
      assert.deepEqual(differingFields(opened, containerDocument({ ...CONTAINER, timeout: 99, image: 'nginx:1.28' })), [
        'image',
        'timeout',
      ]);
      assert.deepEqual(differingFields(opened, containerDocument({ ...CONTAINER, scale: { ...CONTAINER.scale, cooldown_period: 120 } })), [
        'scale',
      ]);
      assert.deepEqual(
        differingFields(opened, containerDocument({ ...CONTAINER, scale: { ...CONTAINER.scale, burst: 2 } as Container['scale'] })),
        [],
        'a part the document does not hold is no conflict',
      );
    });
  });

  describe('documentProblems', () => {
    const base = containerDocument(CONTAINER);

    it('names each field with the message of the prompts', () => {
      const problems = documentProblems(
        { ...base, timeout: 500, scale: { min: 5, max: 3 }, listening_port: 'eighty', colour: 'blue' },
        base,
      );
      assert.deepEqual(
        problems.map(({ field, message, severity }) => `${severity} ${field}: ${message}`),
        [
          'error listening_port: must be a whole number or null',
          'error scale.min: must not be greater than scale.max',
          'error timeout: must be between 0 and 180',
          'error colour: unknown field',
        ],
      );
    });

    it("names a trigger's part with its bound, and an unknown part of the scale, when the scale changed", () => {
      const scale = { min: 1, max: 3, cooldown_period: 0, triggers: { cpu: { threshold: 100 }, http: { rate: 10 }, disk: null } };
      assert.deepEqual(
        documentProblems({ ...base, scale }, base).map(({ field, message, severity }) => `${severity} ${field}: ${message}`),
        [
          'error scale.cooldown_period: must be between 1 and 3600',
          'error scale.triggers.cpu.threshold: must be between 1 and 99',
          'error scale.triggers.http.window: is required',
          'error scale.triggers.disk: unknown field',
        ],
      );
    });

    it('only warns about values at Gcore the rules refuse in fields the user did not change, and blocks them once changed', () => {
      const legacy = { ...base, timeout: 300, pull_secret: '', envs: { 'MY-VAR': '1' } };
      const untouched = documentProblems({ ...legacy, image: 'nginx:1.28' }, legacy);
      assert.deepEqual(untouched.map((problem) => `${problem.severity} ${problem.field}`).sort(), [
        'warning envs',
        'warning pull_secret',
        'warning timeout',
      ]);
      assert.ok(untouched.every((problem) => /the value at Gcore; it is sent only if you change it/.test(problem.message)));
      const changed = documentProblems({ ...legacy, timeout: 400 }, legacy);
      assert.deepEqual(
        changed.filter((problem) => problem.severity === 'error').map((problem) => problem.field),
        ['timeout'],
      );
    });

    it('warns about a size the location does not offer, when its sizes are known, and only for a changed flavor', () => {
      const sizes = [{ name: '80mCPU-128MiB' }, { name: '250mCPU-512MiB' }];
      const [warning] = documentProblems({ ...base, flavor: '999mCPU-1MiB' }, base, sizes);
      assert.deepEqual(warning, {
        field: 'flavor',
        severity: 'warning',
        message: 'is not a container size of this location (it offers 80mCPU-128MiB, 250mCPU-512MiB)',
      });
      assert.deepEqual(documentProblems({ ...base, flavor: '80mCPU-128MiB' }, base, sizes), []);
      assert.deepEqual(documentProblems({ ...base, flavor: '999mCPU-1MiB' }, base), [], 'no sizes read: nothing to compare with');
      assert.deepEqual(documentProblems(base, { ...base, flavor: 'old' }, [{ name: 'other' }]).length, 1);
    });

    it('tells that is_disabled goes alone when it changes with other fields, not when it changes alone', () => {
      const together = documentProblems({ ...base, is_disabled: true, timeout: 30 }, base);
      assert.deepEqual(
        together.map((problem) => `${problem.severity} ${problem.field}`),
        ['information is_disabled'],
      );
      assert.deepEqual(documentProblems({ ...base, is_disabled: true }, base), []);
    });
  });

  describe("containerDocumentSchema: the prompts' rules as JSON Schema", () => {
    const schema = containerDocumentSchema();
    const property = (name: string): JsonSchema => schema.properties?.[name] ?? assert.fail(`no property ${name}`);

    it('lists exactly the twelve fields, each described, and refuses others', () => {
      assert.deepEqual(
        Object.keys(schema.properties ?? {}),
        CONTAINER_UPDATE_FIELDS.map((spec) => spec.name),
      );
      assert.equal(schema.additionalProperties, false);
      for (const spec of CONTAINER_UPDATE_FIELDS) assert.equal(property(spec.name).description, `${spec.label}: ${spec.description}`);
    });

    it('carries types (null allowed, as the API allows), bounds and patterns with their hints', () => {
      assert.deepEqual(property('timeout'), {
        description: property('timeout').description,
        type: ['integer', 'null'],
        minimum: 0,
        maximum: 180,
      });
      assert.deepEqual(property('is_disabled').type, ['boolean', 'null']);
      const flavor = property('flavor');
      assert.equal(flavor.pattern, '^[0-9]{1,12}mCPU-[0-9]{1,12}Mi?B$');
      assert.equal(flavor.patternErrorMessage, 'flavor: must look like 250mCPU-512MiB (CPU in millicores, then memory in MiB or MB)');
      assert.equal(property('image').maxLength, 230);
      const scale = property('scale');
      assert.deepEqual(scale.required, ['min', 'max']);
      assert.equal(scale.additionalProperties, false);
      assert.deepEqual(scale.properties?.min, { description: scale.properties?.min.description, type: 'integer', minimum: 0, maximum: 25 });
      const logging = property('logging');
      assert.deepEqual(logging.properties?.retention_policy.properties?.period.maximum, 1825);
      assert.deepEqual(logging.properties?.topic_name.maxLength, 223);
      const envs = property('envs');
      assert.equal(envs.propertyNames?.pattern, '^[a-zA-Z_][a-zA-Z0-9_]*$');
      assert.deepEqual(envs.additionalProperties, { type: 'string', maxLength: 255 });
    });

    it('carries autoscaling: the cooldown and each trigger with its bounds, null for none, and no other part', () => {
      const scale = property('scale');
      assert.deepEqual(Object.keys(scale.properties ?? {}), ['min', 'max', 'cooldown_period', 'triggers']);
      const { cooldown_period: cooldown, triggers } = scale.properties ?? {};
      assert.deepEqual([cooldown.type, cooldown.minimum, cooldown.maximum], [['integer', 'null'], 1, 3600]);
      assert.deepEqual([triggers.type, triggers.additionalProperties, triggers.required], [['object', 'null'], false, undefined]);
      const { cpu, memory, http } = triggers.properties ?? {};
      for (const trigger of [cpu, memory]) {
        assert.deepEqual([trigger.type, trigger.required, trigger.additionalProperties], [['object', 'null'], ['threshold'], false]);
        assert.deepEqual(
          [trigger.properties?.threshold.type, trigger.properties?.threshold.minimum, trigger.properties?.threshold.maximum],
          ['integer', 1, 99],
        );
      }
      assert.equal(
        cpu.properties?.threshold.description,
        'CPU threshold (%): The percentage of CPU use that adds instances, from 1 to 99.',
      );
      assert.deepEqual([http.type, http.required, http.additionalProperties], [['object', 'null'], ['rate', 'window'], false]);
      assert.deepEqual(
        [http.properties?.rate.minimum, http.properties?.rate.maximum, http.properties?.window.minimum, http.properties?.window.maximum],
        [1, 1000, 1, 3600],
      );
    });

    it('agrees with the validators: its patterns accept and refuse the same values', () => {
      const flavor = new RegExp(property('flavor').pattern ?? '', 'u');
      for (const value of ['250mCPU-512MiB', '80mCPU-128MB', 'mCPU-MiB', '250m-512MiB']) {
        assert.equal(flavor.test(value), validateContainerUpdate({ flavor: value }).ok, value);
      }
      const names = new RegExp(property('envs').propertyNames?.pattern ?? '', 'u');
      for (const name of ['PORT', '_x1', '1X', 'A-B']) {
        assert.equal(names.test(name), validateContainerUpdate({ envs: { [name]: 'v' } }).ok, name);
      }
    });
  });

  describe('document paths', () => {
    it('name the container and its place in the file name, and read back to the address', () => {
      const path = containerDocumentPath({ projectId: 1, regionId: 76, containerName: 'web-app' }, 'Prod');
      assert.equal(path, '/1/76/web-app · Prod.json');
      assert.deepEqual(parseContainerDocumentPath(path), { projectId: 1, regionId: 76, containerName: 'web-app' });
      assert.deepEqual(parseContainerDocumentPath('/1/76/web-app · project 1 · region 76.json'), {
        projectId: 1,
        regionId: 76,
        containerName: 'web-app',
      });
    });

    it('refuse paths this extension did not make', () => {
      for (const path of ['/web-app.json', '/1/x/web-app.json', '/1/76/web-app.txt', '/1/76/a/b.json', '/1/76/.json']) {
        assert.equal(parseContainerDocumentPath(path), undefined, path);
      }
    });

    it('keep a location label with a slash or a lone surrogate inside the file name, so the path still names the container', () => {
      const address = { projectId: 1, regionId: 76, containerName: 'web-app' };
      for (const label of ['team/prod', 'a\\b', 'eu · west/2', 'broken \ud800 label']) {
        const path = containerDocumentPath(address, label);
        assert.equal(path.split('/').length, 4, path);
        assert.deepEqual(parseContainerDocumentPath(path), address, path);
        assert.doesNotThrow(() => encodeURIComponent(path), path);
      }
    });

    it('refuse names a typed container name could not have: dots that leave the path, a lone surrogate, spaces', () => {
      for (const name of ['..', '.', '...', '-web', 'web\ud800app', ' web-app', 'web-app ']) {
        assert.equal(parseContainerDocumentPath(`/1/76/${name} · Prod.json`), undefined, JSON.stringify(name));
      }
    });
  });
});
