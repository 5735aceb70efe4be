import { PROJECT_ID_FIELD, REGION_ID_FIELD } from '../models/projectRegion';
import type { FieldSpec } from '../validation/fieldSpec';
import { fieldSchema } from '../validation/jsonSchema';

/** JSON Schema as a tool's input takes it: any keyword (arrays' `items` too, which the editor's schemas lack). */
export type ToolSchema = { [keyword: string]: unknown };

/** Keywords only VS Code's JSON editor reads; models and MCP clients get plain JSON Schema. */
const EDITOR_ONLY_KEYWORDS = new Set(['patternErrorMessage', 'defaultSnippets', 'markdownDescription']);

function plain(schema: object): ToolSchema {
  const result: ToolSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (EDITOR_ONLY_KEYWORDS.has(key)) continue;
    if (key === 'properties') {
      result[key] = Object.fromEntries(Object.entries(value as Record<string, object>).map(([name, property]) => [name, plain(property)]));
    } else if ((key === 'additionalProperties' || key === 'propertyNames' || key === 'items') && typeof value === 'object') {
      result[key] = plain(value as object);
    } else result[key] = value;
  }
  return result;
}

/** A field's schema from its spec, as the JSON editor's schema is made, with the editor's own keywords left out. */
export function specSchema(spec: FieldSpec): ToolSchema {
  return plain(fieldSchema(spec));
}

/** A tool's input: these properties and no others. */
export function objectInput(properties: Record<string, ToolSchema>, required: readonly string[] = []): ToolSchema {
  return { type: 'object', properties, ...(required.length > 0 && { required: [...required] }), additionalProperties: false };
}

/** `{ projectId, regionId }`, which every tool about containers and flavors starts with. */
export const LOCATION_PROPERTIES: Record<string, ToolSchema> = {
  projectId: specSchema(PROJECT_ID_FIELD),
  regionId: specSchema(REGION_ID_FIELD),
};

export const LOCATION_REQUIRED: readonly string[] = ['projectId', 'regionId'];

/** `{ projectId }`, which every tool about what a whole project holds (inference, across regions) starts with. */
export const PROJECT_PROPERTIES: Record<string, ToolSchema> = { projectId: specSchema(PROJECT_ID_FIELD) };

export const PROJECT_REQUIRED: readonly string[] = ['projectId'];
