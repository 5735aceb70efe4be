import * as assert from 'node:assert/strict';
import type { ContainerFlavor } from '../../../../src/api/containers/containerTypes';
import { CONTAINER_CREATE_FIELDS, validateContainerCreate } from '../../../../src/models/containers/containerCreate';
import { containerDocumentPath } from '../../../../src/models/containers/containerDocument';
import {
  newContainerDocumentPath,
  newContainerProblems,
  newContainerSchema,
  newContainerTemplate,
  parseNewContainerDocumentPath,
} from '../../../../src/models/containers/newContainerDocument';
import type { JsonSchema } from '../../../../src/validation/jsonSchema';

const WHERE = { projectId: 1, regionId: 76 };
const SIZES: ContainerFlavor[] = [
  { name: '80mCPU-128MiB', cpu: 80, ram: 128 },
  { name: '250mCPU-512MiB', cpu: 250, ram: 512 },
];
const FILLED = { ...newContainerTemplate(), name: 'my-container', flavor: '80mCPU-128MiB' };

describe('new container documents', () => {
  describe('paths', () => {
    it('name the location and its place, and read back to the location', () => {
      const path = newContainerDocumentPath(WHERE, 'Prod');
      assert.equal(path, '/1/76/new-container · Prod.json');
      assert.deepEqual(parseNewContainerDocumentPath(path), WHERE);
    });

    it('keep a label with a slash or a backslash inside the file name, and still read back', () => {
      for (const label of ['team/prod', 'a\\b', 'eu · west/2']) {
        const path = newContainerDocumentPath(WHERE, label);
        assert.equal(path.split('/').length, 4, path);
        assert.deepEqual(parseNewContainerDocumentPath(path), WHERE, path);
      }
    });

    it("do not read the path of an existing container's document as a new container's", () => {
      for (const containerName of ['web-app', 'new-containers', 'my-new-container']) {
        const path = containerDocumentPath({ ...WHERE, containerName }, 'Prod');
        assert.equal(parseNewContainerDocumentPath(path), undefined, path);
      }
    });

    it('refuse paths this extension did not make, and ids that are not positive', () => {
      for (const path of [
        '/new-container.json',
        '/1/x/new-container · Prod.json',
        '/1/76/new-container · Prod.txt',
        '/1/76/a/new-container.json',
        '/0/76/new-container · Prod.json',
        '/1/0/new-container · Prod.json',
        '/1/76/New-Container · Prod.json',
        `/${'9'.repeat(20)}/76/new-container · Prod.json`,
      ]) {
        assert.equal(parseNewContainerDocumentPath(path), undefined, path);
      }
    });
  });

  describe('newContainerTemplate', () => {
    it('holds the five required fields, and leaves the name and size for the user to fill', () => {
      const template = newContainerTemplate();
      assert.deepEqual(Object.keys(template), ['name', 'image', 'listening_port', 'flavor', 'scale']);
      const problems = newContainerProblems(template);
      assert.deepEqual(
        problems.map((problem) => [problem.field, problem.severity]),
        [
          ['name', 'error'],
          ['flavor', 'error'],
        ],
      );
      assert.match(problems[0].message, /must not be empty/);
      assert.match(problems[1].message, /250mCPU-512MiB/);
    });

    it('is a valid create payload once the name and size are filled', () => {
      assert.ok(validateContainerCreate(FILLED).ok);
      assert.deepEqual(newContainerProblems(FILLED, SIZES), []);
    });

    it('is a new object each time, so editing one leaves the next untouched', () => {
      const first = newContainerTemplate();
      (first.scale as { max: number }).max = 9;
      assert.deepEqual(newContainerTemplate().scale, { min: 1, max: 1 });
    });
  });

  describe('newContainerProblems', () => {
    it('warns, without blocking, about a size the location does not offer, naming the ones it does', () => {
      const problems = newContainerProblems({ ...FILLED, flavor: '1000mCPU-2048MiB' }, SIZES);
      assert.deepEqual(
        problems.map((problem) => [problem.field, problem.severity]),
        [['flavor', 'warning']],
      );
      assert.match(problems[0].message, /not a container size of this location \(it offers 80mCPU-128MiB, 250mCPU-512MiB\)/);
    });

    it('compares the size without its surrounding spaces', () => {
      assert.deepEqual(newContainerProblems({ ...FILLED, flavor: ' 250mCPU-512MiB ' }, SIZES), []);
    });

    it("does not warn when the location's sizes are unknown or none are listed", () => {
      const other = { ...FILLED, flavor: '1000mCPU-2048MiB' };
      assert.deepEqual(newContainerProblems(other), []);
      assert.deepEqual(newContainerProblems(other, []), []);
    });

    it('gives only the error for a size that is not a size at all', () => {
      const problems = newContainerProblems({ ...FILLED, flavor: 'large' }, SIZES);
      assert.deepEqual(
        problems.map((problem) => [problem.field, problem.severity]),
        [['flavor', 'error']],
      );
    });

    it('makes each problem of the create payload an error, under its field', () => {
      const problems = newContainerProblems({ ...FILLED, scale: { min: 3, max: 1 }, bogus: 1, listening_port: 70000 });
      assert.deepEqual(
        problems.map((problem) => [problem.field, problem.severity]),
        [
          ['listening_port', 'error'],
          ['scale.min', 'error'],
          ['bogus', 'error'],
        ],
      );
    });
  });

  describe('newContainerSchema', () => {
    const schema = newContainerSchema();
    const property = (name: string): JsonSchema => schema.properties?.[name] ?? assert.fail(`no property ${name}`);

    it('lists the required fields and forbids any other', () => {
      assert.deepEqual(schema.required, ['name', 'flavor', 'image', 'listening_port', 'scale']);
      assert.equal(schema.additionalProperties, false);
      assert.deepEqual(
        Object.keys(schema.properties ?? {}),
        CONTAINER_CREATE_FIELDS.map((spec) => spec.name),
      );
      assert.equal(schema.type, 'object');
      assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
    });

    it('does not allow null in a required field, and allows it in an optional one', () => {
      assert.equal(property('name').type, 'string');
      assert.equal(property('image').type, 'string');
      assert.equal(property('listening_port').type, 'integer');
      assert.equal(property('flavor').type, 'string');
      assert.equal(property('scale').type, 'object');
      assert.deepEqual(property('timeout').type, ['integer', 'null']);
      assert.deepEqual(property('pull_secret').type, ['string', 'null']);
    });

    it('takes autoscaling in the scale: the cooldown and the triggers with their bounds', () => {
      const triggers = property('scale').properties?.triggers;
      assert.deepEqual(Object.keys(triggers?.properties ?? {}), ['cpu', 'memory', 'http']);
      assert.equal(property('scale').properties?.cooldown_period.maximum, 3600);
      assert.deepEqual(
        newContainerProblems({
          ...FILLED,
          scale: {
            min: 1,
            max: 2,
            cooldown_period: 120,
            triggers: { cpu: { threshold: 70 }, memory: null, http: { rate: 100, window: 60 } },
          },
        }),
        [],
      );
      assert.deepEqual(
        newContainerProblems({ ...FILLED, scale: { min: 1, max: 2, triggers: { memory: { threshold: 0 } } } }).map(
          (problem) => `${problem.field}: ${problem.message}`,
        ),
        ['scale.triggers.memory.threshold: must be between 1 and 99'],
      );
    });

    it("carries the new name's rules: 3 to 43 characters and its pattern", () => {
      const name = property('name');
      assert.equal(name.minLength, 3);
      assert.equal(name.maxLength, 43);
      const pattern = new RegExp(name.pattern ?? '', 'u');
      for (const value of ['my-container', 'abc', '-x-', 'a_b']) {
        assert.equal(pattern.test(value), validateContainerCreate({ ...FILLED, name: value }).ok, value);
      }
    });
  });
});
