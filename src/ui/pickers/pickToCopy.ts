import * as l10n from '@vscode/l10n';
import { orCancel } from '../loneAnswer';
import type { PickItem, PromptUi } from '../promptUi';

/** Shows a list to pick from; the pick is copied (a name or an id), as List GPU Flavors does. */
export async function pickToCopy<T>(
  ui: PromptUi,
  title: string,
  items: PickItem<T>[],
  copied: (value: T) => string,
  empty: string,
): Promise<void> {
  if (items.length === 0) {
    void ui.notify('info', empty);
    return;
  }
  const chosen = await ui.pick({ title, placeholder: l10n.t('Choose one to copy it'), items });
  const text = copied(orCancel(chosen));
  await ui.copyToClipboard(text);
  void ui.notify('info', l10n.t('Copied {0}.', text));
}
