import {
  validateInferenceDeploymentArgs,
  validateInferenceProjectArgs,
  type InferenceNamedArgs,
  type InferenceProjectArgs,
} from '../../models/inference/inferenceArgs';
import { API_KEY_NAME_FIELD, DEPLOYMENT_NAME_FIELD } from '../../models/inference/inferenceNames';
import { unwrap } from '../../validation/problems';
import { objectInput, PROJECT_PROPERTIES, PROJECT_REQUIRED, specSchema } from '../toolSchemas';

/** A deployment, by its project and its name. */
export const DEPLOYMENT_PROPERTIES = { ...PROJECT_PROPERTIES, name: specSchema(DEPLOYMENT_NAME_FIELD) };

/** An API key, by its project and its name. */
export const API_KEY_PROPERTIES = { ...PROJECT_PROPERTIES, name: specSchema(API_KEY_NAME_FIELD) };

/** What a tool about one deployment or one key requires: its project and its name. */
export const NAMED_REQUIRED: readonly string[] = [...PROJECT_REQUIRED, 'name'];

/** The argument of the tools that list what a project holds, `{ projectId }`, checked by the commands' validator. */
export const PROJECT_ARGUMENT = {
  inputSchema: objectInput(PROJECT_PROPERTIES, PROJECT_REQUIRED),
  parse: (input: unknown): InferenceProjectArgs => unwrap(validateInferenceProjectArgs(input)),
};

/** The argument of the tools about one deployment, `{ projectId, name }`, checked by the commands' validator. */
export const DEPLOYMENT_ARGUMENT = {
  inputSchema: objectInput(DEPLOYMENT_PROPERTIES, NAMED_REQUIRED),
  parse: (input: unknown): InferenceNamedArgs => unwrap(validateInferenceDeploymentArgs(input)),
};
