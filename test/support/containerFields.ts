/**
 * The fields of a container update, as the contract lists them (in alphabetical order): what Update Container and a
 * container's JSON document edit, and, after `name`, what a create sends.
 */
export const CONTAINER_UPDATE_FIELD_NAMES = [
  'commands',
  'description',
  'envs',
  'flavor',
  'image',
  'is_api_key_auth',
  'is_disabled',
  'listening_port',
  'logging',
  'pull_secret',
  'scale',
  'timeout',
];
