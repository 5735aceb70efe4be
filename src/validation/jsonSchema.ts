import * as l10n from '@vscode/l10n';
import type { FieldSpec } from './fieldSpec';

/** The subset of JSON Schema (draft 7) that VS Code's JSON editor reads for completion, hover and checks. */
export interface JsonSchema {
  $schema?: string;
  title?: string;
  description?: string;
  markdownDescription?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  patternErrorMessage?: string;
  enum?: unknown[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  defaultSnippets?: { label: string; body: unknown }[];
}

/**
 * The JSON Schema of one field, from the same spec the prompts and validators use: types (with null when
 * the field is nullable), bounds, patterns with their hints, the description for hovers. What a schema
 * cannot say (a lower bound not above an upper one, trimming) stays with the validators.
 */
export function fieldSchema(spec: FieldSpec): JsonSchema {
  const described = { description: `${spec.label}: ${spec.description}` };
  const typed = (type: string): string | string[] => (spec.nullable ? [type, 'null'] : type);
  switch (spec.kind) {
    case 'string':
      return {
        ...described,
        type: typed('string'),
        ...(spec.minLength !== undefined && { minLength: spec.minLength }),
        ...(spec.maxLength !== undefined && { maxLength: spec.maxLength }),
        ...(spec.pattern !== undefined && { pattern: spec.pattern }),
        ...(spec.patternHint !== undefined && { patternErrorMessage: `${spec.name}: ${spec.patternHint}` }),
      };
    case 'integer':
      return { ...described, type: typed('integer'), minimum: spec.minimum, maximum: spec.maximum };
    case 'boolean':
      return { ...described, type: typed('boolean') };
    case 'object':
      return objectSchema(spec.fields, { ...described, type: typed('object') });
    case 'stringMap':
      return {
        ...described,
        type: typed('object'),
        propertyNames: { pattern: spec.keyPattern, patternErrorMessage: l10n.t('{0}: a name {1}', spec.name, spec.keyHint) },
        additionalProperties: { type: 'string', maxLength: spec.valueMaxLength },
      };
    case 'jsonObject':
      return { ...described, type: typed('object') };
    case 'list':
      return {
        ...described,
        type: typed('array'),
        items: fieldSchema(spec.item),
        ...(spec.minItems !== undefined && { minItems: spec.minItems }),
        ...(spec.maxItems !== undefined && { maxItems: spec.maxItems }),
      };
  }
}

/** An object of the given fields and no others; required fields are listed as such. */
export function objectSchema(fields: readonly FieldSpec[], base: JsonSchema = { type: 'object' }): JsonSchema {
  const required = fields.filter((field) => field.required).map((field) => field.name);
  return {
    ...base,
    properties: Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
    ...(required.length > 0 && { required }),
    additionalProperties: false,
  };
}
