import * as l10n from '@vscode/l10n';
import type { InferenceApplication } from '../../../api/inference/inferenceTypes';
import { ROW_CONTEXT } from '../../../core/contributions';
import { oneLine } from '../../../core/wellFormedText';
import { statusKey, statusWords } from '../../../models/inference/inferenceStatus';
import { escapeMarkdown, type ItemView } from '../../presentation/itemView';
import { isRecord, nonEmptyText } from '../../presentation/wireValues';
import { INFERENCE_APPLICATION_CHANGES, type InferenceChange } from './inferenceChangeWords';

/** An application's consolidated status in words (Gcore says it in another casing than a deployment's), when it has one. */
export function applicationStatusWords(application: InferenceApplication): string | undefined {
  const status = nonEmptyText(application.status?.consolidated_status);
  return status === undefined ? undefined : oneLine(statusWords(status));
}

/** Each component's error in a region, as Gcore reports it: "region 7, llm: out of capacity". */
function componentErrors(application: InferenceApplication): string[] {
  const regions = Array.isArray(application.status?.regions) ? application.status.regions : [];
  return regions.flatMap((region) =>
    Object.entries(isRecord(region?.components) ? region.components : {}).flatMap(([key, component]) => {
      const error = nonEmptyText(component?.error);
      return error === undefined ? [] : [l10n.t('Region {0}, {1}: {2}', region.region_id, key, error)];
    }),
  );
}

/** An application's row: its name, the change under way, its status and the catalogue application it deploys. */
export function applicationRowView(application: InferenceApplication, change?: InferenceChange): ItemView {
  const status = applicationStatusWords(application);
  const errors = componentErrors(application);
  const parts = [
    change === undefined ? undefined : INFERENCE_APPLICATION_CHANGES.get(change)!.inProgress(),
    status,
    nonEmptyText(application.application_name),
  ].filter((part): part is string => part !== undefined);
  const failed = statusKey(application.status?.consolidated_status) === 'FAILED' || errors.length > 0;
  const tooltip = [
    `### ${escapeMarkdown(application.name)}`,
    escapeMarkdown(l10n.t('Catalogue application: {0}', nonEmptyText(application.application_name) ?? '?')),
    ...errors.map((error) => `- ${escapeMarkdown(error)}`),
    escapeMarkdown(l10n.t('Its components are the deployments under it; they change with their application.')),
  ];
  return {
    label: application.name,
    description: parts.map(oneLine).join(' · '),
    tooltip: tooltip.join('\n\n'),
    icon: change !== undefined ? { id: 'sync~spin' } : failed ? { id: 'error', color: 'errorForeground' } : { id: 'extensions' },
    contextValue: change === 'delete' ? ROW_CONTEXT.inferenceApplicationDeleting : ROW_CONTEXT.inferenceApplication,
  };
}

/** The addresses an application exposes, by component key. */
export function exposedAddresses(application: InferenceApplication): { component: string; address: string }[] {
  const exposed = application.status?.expose_addresses;
  return Object.entries(isRecord(exposed) ? exposed : {}).flatMap(([component, value]) => {
    const address = isRecord(value) ? nonEmptyText(value.address) : undefined;
    return address === undefined ? [] : [{ component, address }];
  });
}
