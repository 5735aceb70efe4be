import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { InferenceFlavor } from '../../api/inference/inferenceTypes';
import type { InferenceOffers } from '../../models/inference/inferenceDeploymentDocuments';
import { flavorFacts } from '../../views/inference/presentation/inferenceReview';
import { valueCompletions, type ValueChoice } from '../valueCompletions';

/** What Gcore offers a project's deployments, each part left out when it could not be read. */
export interface InferenceCatalogue {
  flavors?: readonly InferenceFlavor[];
  /** The regions that run inference, with their names (else their ids). */
  regions?: readonly { id: number; name: string }[];
  /** The project's registry credentials, by name. */
  credentials?: readonly string[];
}

/** The names a document's values are checked against. */
export function offersOf(catalogue: InferenceCatalogue): InferenceOffers {
  return {
    flavors: catalogue.flavors?.map((flavor) => flavor.name),
    regions: catalogue.regions?.map((region) => region.id),
    credentials: catalogue.credentials,
  };
}

/**
 * The flavors, regions and credentials offered as the values of "flavor_name", "region_id" and "credentials_name":
 * what a schema shared by every document cannot hold.
 */
export function inferenceCompletions(
  catalogue: InferenceCatalogue | undefined,
  document: vscode.TextDocument,
  position: vscode.Position,
): vscode.CompletionItem[] {
  if (!catalogue) return [];
  const choices = new Map<string, () => ValueChoice[]>([
    [
      'flavor_name',
      () =>
        (catalogue.flavors ?? []).map((flavor) => ({
          value: flavor.name,
          description: flavorFacts(flavor),
          detail: l10n.t('An inference flavor'),
        })),
    ],
    [
      'region_id',
      () =>
        (catalogue.regions ?? []).map((region) => ({
          value: String(region.id),
          label: region.name,
          literal: true,
          detail: l10n.t('A region that runs inference'),
        })),
    ],
    [
      'credentials_name',
      () => (catalogue.credentials ?? []).map((name) => ({ value: name, detail: l10n.t('A registry credential of the project') })),
    ],
  ]);
  return valueCompletions(document, position, (property) => choices.get(property)?.());
}
