import * as fs from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type AutomationLogListener = (type: string, args: unknown) => void;

/**
 * Debian's Chromium (or CHROME_PATH), headless. Signals are ours to handle, so Playwright's handlers are
 * off. `privateDirsEnv` keeps its crash-report and dconf folders out of the developer's home.
 */
export async function launchChromium(privateDirsEnv: Record<string, string>): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(`No browser at ${executablePath}; install Debian's chromium or set CHROME_PATH.`);
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    env: { ...process.env, ...privateDirsEnv },
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/**
 * Opens the workbench with a test payload and resolves with the exit code the workbench reports through
 * codeAutomationExit once the extension host's `run()` has settled (0 = passed). Log lines arrive through
 * codeAutomationLog while the tests run. A page of a given context shares that context's storage, which
 * is where the web workbench keeps globalState and secrets; a Browser gives the page a context of its own.
 */
export async function runWorkbenchTests(
  browserOrContext: Browser | BrowserContext,
  url: string,
  onLog: AutomationLogListener,
): Promise<number> {
  const page = await browserOrContext.newPage();
  return new Promise<number>((resolve, reject) => {
    const setUp = async (): Promise<void> => {
      await page.exposeFunction('codeAutomationExit', (code: unknown) => resolve(Number(code)));
      await page.exposeFunction('codeAutomationLog', (type: unknown, args: unknown) => onLog(String(type), args));
      page.once('crash', () => reject(new Error('The workbench page crashed.')));
      await page.goto(url, { waitUntil: 'domcontentloaded' });
    };
    setUp().catch(reject);
  });
}
