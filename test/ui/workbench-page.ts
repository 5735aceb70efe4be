import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { REPO_ROOT } from '../runner/extension-under-test';

/** The window size of the screenshots used in the README. */
const WINDOW = { width: 1280, height: 800 };
/** Right of the quick input, above the notifications, on the empty editor area. */
const PARKED_POINTER = { x: WINDOW.width - 80, y: WINDOW.height / 3 };

const SIDE_BAR_WIDTH = 520;

/**
 * Where WorkbenchPage.screenshot writes. A test run must not leave the docs' images modified;
 * GCORE_SCREENSHOTS_DIR=docs/images refreshes them.
 */
const SCREENSHOT_DIR = path.resolve(REPO_ROOT, process.env.GCORE_SCREENSHOTS_DIR ?? path.join('test-results', 'screenshots'));

/** The sections of the Gcore view that list locations. */
const LOCATION_SECTIONS = ['GPU', 'Inference', 'Containers', 'DNS Zones'];

/** What the row of a task under Tasks says, and the row of what it changes, which shares its label, never does. */
export const TASK_ROW = / · started \d\d:\d\d UTC/;

export interface TreeRow {
  label: string;
  description: string;
}

/** Matches the whole text; the space a leading $(icon) leaves in a label is allowed. */
function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/**
 * The VS Code workbench in the browser, driven the way a user drives it: clicks, the F1 palette, typing
 * into quick inputs. Every wait is on something becoming visible, never on time.
 */
export class WorkbenchPage {
  private constructor(readonly page: Page) {}

  static async open(browser: Browser, url: string): Promise<WorkbenchPage> {
    const page = await browser.newPage({ viewport: WINDOW });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.locator('.monaco-workbench .activitybar').waitFor();
    return new WorkbenchPage(page);
  }

  private viewContainerIcon(title: string): Locator {
    return this.page.locator(`.activitybar .action-item .action-label[aria-label="${title}"]`);
  }

  /**
   * Resolves once an extension's view container is in the activity bar, that is once the workbench has
   * registered the extension's contributions: a palette opened earlier would not list its commands.
   */
  async waitForViewContainer(title: string): Promise<void> {
    await this.viewContainerIcon(title).waitFor();
  }

  async openViewContainer(title: string): Promise<void> {
    await this.viewContainerIcon(title).click();
    await this.page.locator('.sidebar .title-label h2', { hasText: title }).waitFor();
  }

  /** Drags the side bar's edge so that flavor names and DS records fit on their rows. */
  async widenSideBar(): Promise<void> {
    const sash = await this.page.locator('.monaco-sash.primary-sidebar-sash').boundingBox();
    if (!sash) throw new Error('The side bar has no resize handle on screen.');
    const sideBar = await this.page.locator('.sidebar').boundingBox();
    const y = sash.y + sash.height / 2;
    await this.page.mouse.move(sash.x + sash.width / 2, y);
    await this.page.mouse.down();
    await this.page.mouse.move(sash.x + SIDE_BAR_WIDTH - (sideBar?.width ?? 0), y, { steps: 8 });
    await this.page.mouse.up();
  }

  get welcome(): Locator {
    return this.page.locator('.sidebar .welcome-view-content');
  }

  /** The welcome view's Set API Key, answered: what a new user does first. */
  async setKeyFromWelcome(apiKey: string): Promise<void> {
    await this.welcome.locator('.monaco-button', { hasText: 'Set API Key' }).click();
    await this.waitForQuickInput('Gcore: Set API Key');
    await this.answer(apiKey);
  }

  /** What a new user does first: the Gcore view opened and widened, the key set from its welcome, until the tree lists `section`. */
  async openWithKey(apiKey: string, section: string): Promise<void> {
    await this.openViewContainer('Gcore');
    await this.widenSideBar();
    await this.setKeyFromWelcome(apiKey);
    await this.treeRow(section).waitFor();
  }

  /**
   * Folds every section that lists locations but `section`, and waits until the location is left on one row, under
   * `section`: every such section shows it, and a picture wants room for one.
   */
  async foldSectionsBut(section: string, locationLabel: string): Promise<void> {
    for (const other of LOCATION_SECTIONS) if (other !== section) await this.collapseTreeRow(other);
    await this.treeRow(locationLabel).nth(1).waitFor({ state: 'detached' });
  }

  async viewTitleAction(label: string): Promise<void> {
    await this.page.locator(`.sidebar .title-actions .action-label[aria-label="${label}"]`).click();
  }

  /** The row whose label is exactly `label`. */
  treeRow(label: string): Locator {
    return this.page
      .locator('.sidebar .monaco-list .monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: exactly(label) }) });
  }

  async treeRows(): Promise<TreeRow[]> {
    return this.page.locator('.sidebar .monaco-list .monaco-list-row').evaluateAll((rows) =>
      rows.map((row) => ({
        label: row.querySelector('.label-name')?.textContent?.trim() ?? '',
        description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
      })),
    );
  }

  /** The row of what is labelled `label`, without the rows of its tasks under Tasks. */
  ownRow(label: string): Locator {
    return this.treeRow(label).filter({ hasNotText: TASK_ROW });
  }

  /**
   * The description of the one row labelled `label` (`ownRow`: of its own row, the rows of its tasks left out);
   * fails, listing them, when there are none or several.
   */
  async descriptionOf(label: string, options: { ownRow?: boolean } = {}): Promise<string> {
    const rows = (await this.treeRows()).filter((row) => row.label === label && !(options.ownRow && TASK_ROW.test(row.description)));
    assert.equal(rows.length, 1, `one row ${label}: ${JSON.stringify(rows)}`);
    return rows[0].description;
  }

  /** `index` picks among rows of the same label, as a location shown in two sections. */
  async expandTreeRow(label: string, index = 0): Promise<void> {
    const row = this.treeRow(label).nth(index);
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.locator('.monaco-tl-twistie').click();
  }

  async collapseTreeRow(label: string, index = 0): Promise<void> {
    const row = this.treeRow(label).nth(index);
    if ((await row.getAttribute('aria-expanded')) === 'true') await row.locator('.monaco-tl-twistie').click();
  }

  /** `index`: which of the rows with that label (a container's row and its task rows share one). */
  async treeContextMenu(rowLabel: string, index = 0): Promise<Locator> {
    await this.treeRow(rowLabel).nth(index).click({ button: 'right' });
    const menu = this.page.locator('.context-view .monaco-menu');
    await menu.waitFor();
    return menu;
  }

  /**
   * Points at the item until the menu highlights it, then clicks: a click that lands while the menu is
   * still opening is ignored by the workbench, as the mouse-up of the opening right-click would be.
   */
  async chooseMenuItem(menu: Locator, label: string): Promise<void> {
    const item = menu.locator('.action-item', { has: this.page.locator('.action-label', { hasText: exactly(label) }) });
    await item.hover();
    await menu.locator('.action-item.focused', { has: this.page.locator('.action-label', { hasText: exactly(label) }) }).waitFor();
    await item.click();
    await menu.waitFor({ state: 'detached' });
  }

  get quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  get quickInputBox(): Locator {
    return this.quickInput.locator('.quick-input-box input');
  }

  /** F1, the command's title, then a click on it: the palette's own ordering (recently used) does not matter. */
  async runCommand(title: string): Promise<void> {
    await this.page.keyboard.press('F1');
    await this.quickInputBox.waitFor();
    await this.quickInputBox.fill(`>${title}`);
    await this.quickPickRow(title).click();
  }

  /** Waits until the visible quick input has this title (with or without the step counter). */
  async waitForQuickInput(title: string | RegExp): Promise<void> {
    await this.quickInput.locator('.quick-input-title', { hasText: title }).waitFor();
  }

  /** Types into the open box, replacing what it held, and presses Enter. */
  async answer(text: string): Promise<void> {
    await this.quickInputBox.fill(text);
    await this.page.keyboard.press('Enter');
  }

  quickPickRow(label: string): Locator {
    return this.quickInput.locator('.monaco-list-row').filter({ has: this.page.locator('.label-name', { hasText: exactly(label) }) });
  }

  /**
   * Ticks an item of a multi-select pick, scrolling the list with the mouse wheel until it is rendered.
   * Nothing is typed into the filter: the extension's multi-select picks reset their ticks on every
   * keystroke there (VscodePromptUi reassigns the items on each change of the filter text).
   */
  async tickQuickPickItem(label: string): Promise<void> {
    const checkbox = this.quickInput.locator(`.monaco-list-row .monaco-checkbox[aria-label="${label}"]`);
    const list = this.quickInput.locator('.monaco-list').first();
    for (let scrolls = 0; (await checkbox.count()) === 0; scrolls++) {
      if (scrolls === 20) throw new Error(`No item "${label}" in the quick pick.`);
      await list.hover();
      await this.page.mouse.wheel(0, 120);
    }
    await checkbox.click();
    await this.quickInput.locator(`.monaco-list-row[aria-checked="true"] .monaco-checkbox[aria-label="${label}"]`).waitFor();
  }

  async clickQuickInputOk(): Promise<void> {
    await this.quickInput.locator('.quick-input-action .monaco-button', { hasText: exactly('OK') }).click();
  }

  notification(text: string | RegExp): Locator {
    return this.page.locator('.notifications-toasts .notification-toast', { hasText: text });
  }

  async clickNotificationButton(toast: Locator, label: string): Promise<void> {
    await toast.locator('.notification-list-item-buttons-container .monaco-button', { hasText: exactly(label) }).click();
  }

  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications');
    await this.page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'detached' });
  }

  /** VS Code's chat view, opened with its own shortcut (the one the empty editor area advertises). */
  async openChatView(): Promise<Locator> {
    await this.page.keyboard.press('Control+Alt+I');
    const input = this.page.locator('.auxiliarybar .interactive-input-part');
    await input.waitFor();
    return input;
  }

  /** The chat input's model picker: its button names the model chosen. */
  get chatModelPicker(): Locator {
    return this.page.locator('.auxiliarybar .interactive-input-part a.model-picker-name');
  }

  /** Opens the model picker's list and returns it. */
  async openChatModelList(): Promise<Locator> {
    await this.chatModelPicker.click();
    const list = this.page.locator('.action-widget.action-widget-dropdown');
    await list.waitFor();
    return list;
  }

  /** Types a message into the chat input, as a user does, and sends it. */
  async sendChatMessage(text: string): Promise<void> {
    const editor = this.page.locator('.auxiliarybar .interactive-input-part .interactive-input-editor');
    await editor.click();
    await this.page.keyboard.type(text, { delay: 20 });
    await this.page.keyboard.press('Enter');
  }

  /** The answers in the chat view, the latest last. */
  get chatResponses(): Locator {
    return this.page.locator('.auxiliarybar .interactive-item-container.interactive-response');
  }

  get dialog(): Locator {
    return this.page.locator('.monaco-dialog-box');
  }

  async clickDialogButton(label: string): Promise<void> {
    await this.dialog.locator('.dialog-buttons .monaco-button', { hasText: exactly(label) }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  /**
   * The pointer parked where a screenshot takes it, in steps: a jump there can leave a hover up, as if the
   * pointer had never left the row that showed it. A tree row's hover that opens as the pointer starts out
   * from under a closed menu stays up after it has gone; Escape closes it, as it would for a user.
   * Resolves once no hover is shown.
   */
  async parkPointer(): Promise<void> {
    await this.page.mouse.move(PARKED_POINTER.x, PARKED_POINTER.y, { steps: 10 });
    const hover = this.page.locator('.workbench-hover');
    const gone = await hover.waitFor({ state: 'detached', timeout: 2000 }).then(
      () => true,
      () => false,
    );
    if (!gone) {
      await this.page.keyboard.press('Escape');
      await hover.waitFor({ state: 'detached' });
    }
  }

  /**
   * What a failed test leaves to read: the window as it was, in `dir` under a name made of `prefix` and the
   * test's title, and the tree's rows and the notifications shown, on stderr.
   */
  async reportFailure(dir: string, prefix: string, title: string): Promise<void> {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${prefix}-${title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`);
    await this.page.screenshot({ path: file }).catch(() => undefined);
    console.error(`    screenshot of the failure: ${path.relative(process.cwd(), file)}`);
    console.error(`    rows shown: ${JSON.stringify(await this.treeRows().catch(() => []))}`);
    const toasts = await this.page
      .locator('.notifications-toasts .notification-toast')
      .allInnerTexts()
      .catch(() => []);
    console.error(`    notifications shown: ${JSON.stringify(toasts)}`);
  }

  /**
   * A PNG of the whole window, with the pointer parked where it highlights nothing, or left where it is
   * (`keepPointer`) when the picture is of the menu item it points at.
   */
  async screenshot(name: string, options: { keepPointer?: boolean } = {}): Promise<string> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${name}.png`);
    if (!options.keepPointer) await this.page.mouse.move(PARKED_POINTER.x, PARKED_POINTER.y);
    await this.page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    return file;
  }
}
