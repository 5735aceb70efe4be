import * as l10n from '@vscode/l10n';
import type { Task } from '../api/types';
import { subjectTitle, type ChangeSubject, type TaskEnd } from '../loaders/taskPoller';
import type { PromptUi } from '../ui/promptUi';
import { NEUTRAL_CHANGE_WORDS, neutralNoun, type ChangeVocabulary, type ChangeWords } from './presentation/changeWords';
import type { SectionNode } from './treeNodes';

/** A button of a failed change's notification, beside Retry and Copy Task ID. */
export interface ChangeAction {
  readonly title: string;
  run(): Promise<unknown>;
}

/**
 * One kind of Gcore resource whose changes come back as tasks (a container): what the task tracking leaves to
 * each kind. The tracking follows the tasks, keeps their history and the Tasks section, counts them in the
 * status bar and tells the user how a change stands and how it ended; the kind says all that in its words,
 * shows the change on its rows and reads again what the change touched. Its area registers it
 * (`Area.changeKinds`); a task's subject names its kind.
 */
export interface ChangeKind {
  /** The `kind` of its subjects ("container"). */
  readonly kind: string;
  /** What the Tasks section's hover calls such a resource ("Container"). */
  readonly noun: string;
  /** Each change it makes, by its action ("update"), with its words, in the order the status bar counts them. */
  readonly actions: ReadonlyMap<string, ChangeWords>;
  /** The task types its changes start at Gcore, in the words of the Tasks section's rows ("patch_caas_container": "update"). */
  readonly taskTypes: ReadonlyMap<string, string>;
  /** The section whose rows say that a change is under way ("Updating…"), redrawn as one starts and ends; none: no row says it. */
  readonly section?: SectionNode;
  /** A change ended (`end` says how): what it touched is read again. */
  changed(subject: ChangeSubject, end: TaskEnd): void;
  /** The buttons of a failed change's notification between Retry and Copy Task ID (Show Logs); `reason` is Gcore's error. */
  failureActions(subject: ChangeSubject, reason?: string): readonly ChangeAction[];
  /**
   * The subject a change is followed under from now on, when `task` (as Gcore answered it) gives the resource the
   * name it keeps (a new GPU cluster followed by name alone, whose finished create names its id); undefined otherwise.
   */
  resolve?(subject: ChangeSubject, task: Task): ChangeSubject | undefined;
  /** Tells the user that the change finished at Gcore (its tasks `ids`), with what it made where it can read it. */
  announce(ui: PromptUi, subject: ChangeSubject, ids: string): Promise<void>;
  /**
   * A subject that an earlier version stored in a shape of its own, read as this kind's; undefined when it is
   * not one. A subject in today's shape is read alike for every kind.
   */
  fromStored?(stored: Readonly<Record<string, unknown>>): ChangeSubject | undefined;
}

/** How a change is followed when no area registered its kind (a subject stored by another version): in neutral words. */
const NEUTRAL_KIND: ChangeKind = {
  kind: '',
  get noun() {
    return neutralNoun();
  },
  actions: new Map(),
  taskTypes: new Map(),
  changed: () => undefined,
  failureActions: () => [],
  announce: async (ui, subject, ids) => {
    void ui.notify('info', l10n.t('The change of {0} finished at Gcore (task {1}).', subjectTitle(subject), ids));
  },
};

/**
 * The kinds of change the areas registered, found by a subject's kind: all that the task tracking, the Tasks
 * section, the status bar and the task history know of resources.
 */
export class ChangeKinds implements ChangeVocabulary {
  private readonly kinds = new Map<string, ChangeKind>();

  /** Done by activate() for each area's kinds, before the tasks a reload interrupted are followed again. */
  register(kind: ChangeKind): void {
    this.kinds.set(kind.kind, kind);
  }

  /** The subject's kind; one that follows it in neutral words when no area registered it. */
  of(subject: ChangeSubject): ChangeKind {
    return this.kinds.get(subject.kind) ?? NEUTRAL_KIND;
  }

  wordsOf(subject: ChangeSubject): ChangeWords {
    return this.kinds.get(subject.kind)?.actions.get(subject.action) ?? NEUTRAL_CHANGE_WORDS;
  }

  nounOf(subject: ChangeSubject): string {
    return this.of(subject).noun;
  }

  taskType(type: string): string | undefined {
    for (const kind of this.kinds.values()) {
      const words = kind.taskTypes.get(type);
      if (words !== undefined) return words;
    }
    return undefined;
  }

  order(): readonly ChangeWords[] {
    return [...this.kinds.values()].flatMap((kind) => [...kind.actions.values()]);
  }

  /**
   * A subject as the task history stored it: in today's shape whatever its kind (registered or not), or in an
   * earlier shape that a registered kind reads; undefined when neither.
   */
  readStored(stored: unknown): ChangeSubject | undefined {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
    const raw = stored as Readonly<Record<string, unknown>>;
    const { kind, projectId, regionId, name, action, label } = raw;
    if (isText(kind) && isId(projectId) && isId(regionId) && isText(name) && isText(action)) {
      return isText(label) ? { kind, projectId, regionId, name, action, label } : { kind, projectId, regionId, name, action };
    }
    for (const registered of this.kinds.values()) {
      const read = registered.fromStored?.(raw);
      if (read) return read;
    }
    return undefined;
  }
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
