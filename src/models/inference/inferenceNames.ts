import * as l10n from '@vscode/l10n';
import type { StringFieldSpec } from '../../validation/fieldSpec';

/*
 * The names of Everywhere Inference (docs: the inference notes, "Traps" 1 and 6): deployments, catalogue
 * applications, API keys, registry credentials, and a registry's host. Each as a field spec the argument checks,
 * the wizard's boxes and the JSON schemas share.
 */

/** The contract's alphabet of a deployment's name: what a command addressing one accepts. */
export const DEPLOYMENT_NAME_ALPHABET = '^[a-z0-9-]+$';

/** Gcore's spec for a new deployment's name: its alphabet, a hyphen neither first nor last. */
export const DEPLOYMENT_NAME_PATTERN = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$';

/**
 * What an interactive create offers: no hyphen at all. Gcore's spec allows one, but its guides say a name with a
 * hyphen gets a 400 at creation, so the wizard does not lead anyone there.
 */
export const OFFERED_DEPLOYMENT_NAME_PATTERN = '^[a-z0-9]{4,30}$';

/** A deployment's name as the contract's commands take it (an existing one, or a new one Gcore is left to judge). */
export const DEPLOYMENT_NAME_FIELD: StringFieldSpec = {
  name: 'name',
  kind: 'string',
  label: l10n.t('Deployment name'),
  description: l10n.t("The deployment's name: 4 to 30 lower-case letters, digits and hyphens, unique in its project."),
  required: true,
  trim: true,
  minLength: 4,
  maxLength: 30,
  pattern: DEPLOYMENT_NAME_ALPHABET,
  patternHint: l10n.t('must hold only lower-case letters (a-z), digits and hyphens'),
};

/** A new deployment's name in the create payload: Gcore's pattern. */
export const NEW_DEPLOYMENT_NAME_FIELD: StringFieldSpec = {
  ...DEPLOYMENT_NAME_FIELD,
  pattern: DEPLOYMENT_NAME_PATTERN,
  patternHint: l10n.t('must hold only lower-case letters (a-z), digits and hyphens, and start and end with a letter or digit'),
};

/** The name the create wizard asks for, and why it refuses a hyphen. */
export const OFFERED_DEPLOYMENT_NAME_FIELD: StringFieldSpec = {
  ...DEPLOYMENT_NAME_FIELD,
  description: l10n.t("The deployment's name: 4 to 30 lower-case letters and digits, unique in its project."),
  pattern: OFFERED_DEPLOYMENT_NAME_PATTERN,
  patternHint: l10n.t(
    "must hold only lower-case letters (a-z) and digits: Gcore's guides say a name with a hyphen is refused when the deployment is created",
  ),
};

/** A catalogue application's deployment: Gcore takes at most 15 characters. */
export const APPLICATION_NAME_FIELD: StringFieldSpec = {
  name: 'name',
  kind: 'string',
  label: l10n.t('Application name'),
  description: l10n.t("The application deployment's name: up to 15 lower-case letters, digits and hyphens."),
  required: true,
  trim: true,
  minLength: 1,
  maxLength: 15,
  pattern: DEPLOYMENT_NAME_ALPHABET,
  patternHint: l10n.t('must hold only lower-case letters (a-z), digits and hyphens'),
};

/**
 * An API key's name. Gcore creates a key whose name holds a dot, but then cannot read or delete it by name, so a
 * dot is refused; so are a slash and white space, which cannot stand in the key's path either.
 */
export const API_KEY_NAME_FIELD: StringFieldSpec = {
  name: 'name',
  kind: 'string',
  label: l10n.t('API key name'),
  description: l10n.t("The deployment API key's name, up to 100 characters, without dots, slashes or spaces."),
  required: true,
  trim: true,
  minLength: 1,
  maxLength: 100,
  pattern: '^[^./\\\\\\s]+$',
  patternHint: l10n.t('must not hold a dot, a slash or a space: Gcore creates a key with a dot in its name but cannot read or delete it'),
};

/** A registry credential's name, as deployments name it in `credentials_name`. */
export const REGISTRY_CREDENTIAL_NAME_FIELD: StringFieldSpec = {
  name: 'name',
  kind: 'string',
  label: l10n.t('Registry credential name'),
  description: l10n.t("The registry credential's name: up to 63 lower-case letters, digits and hyphens, such as docker-io."),
  required: true,
  trim: true,
  minLength: 1,
  maxLength: 63,
  pattern: DEPLOYMENT_NAME_PATTERN,
  patternHint: l10n.t('must hold only lower-case letters (a-z), digits and hyphens, and start and end with a letter or digit'),
};

const HOST_NAME_PATTERN = '^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)*$';

/** A registry's address as Gcore takes it: the host name alone (registry.hub.docker.com, ghcr.io). */
export const REGISTRY_URL_FIELD: StringFieldSpec = {
  name: 'registryUrl',
  kind: 'string',
  label: l10n.t('Registry'),
  description: l10n.t('The registry\'s host name only, such as ghcr.io or registry.hub.docker.com: no "https://", no path.'),
  required: true,
  trim: true,
  minLength: 1,
  maxLength: 253,
  pattern: HOST_NAME_PATTERN,
  patternHint: l10n.t('must be a host name only, such as ghcr.io'),
};

/**
 * What is wrong with a registry's address, naming the part to drop (a scheme, a path, a port, a user), or
 * undefined for a host name alone. People paste what their browser or `docker login` shows.
 */
export function registryUrlProblem(text: string): string | undefined {
  const rest = text.trim();
  if (rest === '') return l10n.t('must not be empty');
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.exec(rest);
  if (scheme) return l10n.t('must be the host name only: drop "{0}"', scheme[0]);
  const slash = rest.indexOf('/');
  if (slash >= 0) return l10n.t('must be the host name only: drop "{0}"', rest.slice(slash));
  const at = rest.lastIndexOf('@');
  if (at >= 0) return l10n.t('must be the host name only: drop "{0}"', rest.slice(0, at + 1));
  const port = /:[^:]*$/.exec(rest);
  if (port) return l10n.t('must be the host name only: drop "{0}"', port[0]);
  if ([...rest].length > 253 || !new RegExp(HOST_NAME_PATTERN).test(rest)) return REGISTRY_URL_FIELD.patternHint;
  return undefined;
}
