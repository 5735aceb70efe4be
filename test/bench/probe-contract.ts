/**
 * What the driver (plain Node) and the probes (inside the extension host) exchange. The driver puts the
 * input in an environment variable of the code-server it starts, which the extension host inherits; the
 * probe writes its result as JSON to the file the input names.
 */

export const PROBE_INPUT_VARIABLE = 'GCORE_BENCH_PROBE_INPUT';

export const EXTENSION_ID = 'gcore-vscode.gcore-vscode';

export interface ProjectRegionRef {
  projectId: number;
  regionId: number;
}

export interface ActivationProbeInput {
  resultFile: string;
  /** Absolute path of the bundle the extension host will require (package.json "main"). */
  bundlePath: string;
  /** How long to wait before activating, so that the window's own start-up is over. */
  idleBeforeMs: number;
  /** How long to stay after activation, so that a request activation merely started still reaches the emulator. */
  settleMs: number;
  /** Stay until the extension has saved its V8 code cache, for the next start on this profile to read. */
  awaitCodeCacheSave: boolean;
}

export interface ActivationProbeResult {
  /** require() of the bundle, as timed around the extension host's own module load. */
  loadMs: number;
  /** The part of loadMs spent in the bundle's require('vscode'), where VS Code builds the extension's API object. */
  vscodeApiMs: number;
  /** The synchronous part of activate(). */
  activateCallMs: number;
  /** From activate() returning to its result settling; 0 when it returned a plain value. */
  activateResolveMs: number;
  /** vscode.Extension.activate() as a caller sees it, including VS Code's own context set-up. */
  apiActivateMs: number;
  returnedThenable: boolean;
  /** context.secrets.get calls made from the start of activate() until its result settled. */
  secretReads: number;
  /** Whether dist/features.js (the code loaded on first need) was loaded by the time the probe reported. */
  featuresLoaded: boolean;
  /** What the extension says V8's code cache did for this start (absent for the empty extension). */
  codeCache?: string;
  /** With awaitCodeCacheSave: whether it saved one. */
  codeCacheSaved?: boolean;
  /** What the extension says loading dist/main.js took, inside activate(): the cache read, compile, its modules run (absent for the empty extension). */
  mainLoadMs?: number;
  /** What the extension says each part of activate() took: the shared core, each area, the view, the commands (absent for the empty extension). */
  setUpMs?: { part: string; ms: number }[];
}

export interface TreeProbeInput {
  resultFile: string;
  apiKey: string;
  big: {
    emulatorUrl: string;
    location: ProjectRegionRef;
    /** The emulator's page size cap (the API's `limit` maximum). */
    pageSize: number;
    rounds: number;
    pairsPerRound: number;
    warmupPairs: number;
  };
  leak: {
    emulatorUrl: string;
    locations: ProjectRegionRef[];
    warmupRefreshes: number;
    refreshes: number;
    /** Heap after GC is also sampled every this many refreshes, to show the trend and not only two points. */
    sampleEvery: number;
  };
}

export interface TreeProbeResult {
  big: {
    /** Per round: median extension refresh time / median bare fetch time. */
    ratios: number[];
    extensionMedianMs: number;
    bareMedianMs: number;
    /** The one request the extension sends (no paging parameters), fetched and parsed bare. */
    bareSingleRequestMedianMs: number;
    /** Flavor rows the tree showed under the location. */
    flavorRows: number;
    /** Pages the bare fetch needed to read every flavor. */
    barePages: number;
  };
  leak: {
    gcSource: 'global.gc' | 'expose-gc flag';
    /** Retained heap (least of a few measurements after GC) after the warm-up and after all refreshes. */
    heapBeforeBytes: number;
    heapAfterBytes: number;
    /** Heap used after one GC every sampleEvery refreshes: the trend between the two. */
    heapSamplesBytes: number[];
  };
}

export interface ReadProbeInput {
  resultFile: string;
  apiKey: string;
  /** Request counts, on an emulator the probe starts in the extension host. */
  reuse: {
    location: ProjectRegionRef;
    containers: number;
  };
  /** Every location's containers expanded at once, against the driver's emulator with latency. */
  wide: {
    emulatorUrl: string;
    locations: ProjectRegionRef[];
    warmupRounds: number;
    rounds: number;
  };
  /** The account's zone list, on an emulator the probe starts in the extension host (one clock for both). */
  zones: {
    count: number;
    warmupRounds: number;
    rounds: number;
  };
}

export interface ReadProbeResult {
  reuse: {
    /** Container list requests the emulator received when the location was opened. */
    listRequestsOnOpen: number;
    containerRows: number;
    /** Container list requests while Update Container opened on a row of that list and read its current values. */
    listRequestsForPrompt: number;
    /** Container list requests when the location was opened again after an update made here. */
    listRequestsAfterChange: number;
  };
  wide: {
    /** Per round: from Refresh until every location's rows and their TreeItems exist. */
    elapsedMs: number[];
    /** Per round: the median time of one bare request for one location's list, taken just before and after. */
    roundTripMs: number[];
    /** Container rows per round (all locations). */
    rows: number;
  };
  zones: {
    /** Per round: from the emulator answering the last page until every zone row's TreeItem exists. */
    afterLastPageMs: number[];
    /** Per round: from Refresh until the rows exist. */
    totalMs: number[];
    zoneRows: number;
    pageRequests: number;
  };
}

/** A followed log's reads, each phase watched `watchSeconds`. */
export interface FollowReads {
  /** While its editor was visible and followed. */
  readsWhileShown: number;
  /** While another editor covered it. */
  readsWhileHidden: number;
  /** After the editor was closed. */
  readsAfterClose: number;
}

export interface LogsProbeInput {
  resultFile: string;
  apiKey: string;
  location: ProjectRegionRef;
  /** Lines asked for when opening (the API's largest `limit`). */
  lines: number;
  warmupRounds: number;
  rounds: number;
  /** How often a followed log is read again, and how long each phase of following is watched. */
  followIntervalSeconds: number;
  watchSeconds: number;
}

export interface LogsProbeResult {
  open: {
    /** From the emulator's last byte of the answer to the log's editor showing its newest lines, per round. */
    newestShownMs: number[];
    /** From the emulator's last byte of the answer to the document shown with every line, per round. */
    afterResponseMs: number[];
    lines: number;
    /**
     * VS Code alone: the same text from a content provider that does nothing else, from asking for the
     * document to its editor showing every line, per round (the floor under the figure above).
     */
    bareShownMs: number[];
  };
  follow: FollowReads;
}

export interface RecordProbeInput {
  resultFile: string;
  apiKey: string;
  emulatorUrl: string;
  /** The zone of the emulator that holds the many record sets. */
  zoneName: string;
  rounds: number;
  pairsPerRound: number;
  warmupPairs: number;
}

export interface RecordProbeResult {
  /** Per round: median time from expanding the zone (its sets read again) to every set row's TreeItem / median bare fetch + JSON.parse. */
  ratios: number[];
  extensionMedianMs: number;
  bareMedianMs: number;
  /** Record set rows under the zone. */
  setRows: number;
  /** How many times the extension read the zone's sets (warm-up included), to count its requests per expansion. */
  expansions: number;
  /** Retained heap while the zone is shown (its answer loaded, its rows held as VS Code holds them), over none shown. */
  heapShownBytes: number;
  /** Retained heap of the same answer fetched bare and kept parsed: the floor of what showing it can hold. */
  heapBareBytes: number;
}

export interface GpuProbeInput {
  resultFile: string;
  apiKey: string;
  /** The driver's emulator, with latency and generated clusters in every location. */
  emulatorUrl: string;
  locations: ProjectRegionRef[];
  warmupRounds: number;
  rounds: number;
  /** Seconds watched with every Clusters row shown and nothing moving. */
  quietSeconds: number;
  /** The clusters a soft reboot sets moving (by location), then how many poll intervals are watched. */
  moving: { location: ProjectRegionRef; clusters: number }[];
  movingSeconds: number;
}

/** Times are wall-clock (Date.now()), so that the driver can count its emulator's requests in each window. */
export interface GpuProbeResult {
  /** The first expansion of every Clusters row after the start: it loads the clusters' code too. */
  cold: { ms: number; from: number; to: number };
  /** Per round: from every Clusters row expanded at once until every cluster row's TreeItem exists. */
  elapsedMs: number[];
  /** Per round: the median time of one node-fetch GET, sent as the extension must, of one location's cluster list. */
  roundTripMs: number[];
  /** The wall-clock span of each measured round. */
  windows: { from: number; to: number }[];
  clusterRows: number;
  quiet: { from: number; to: number };
  /** From the moving clusters' rows shown until the end of the watch. */
  moving: { from: number; to: number; clusters: number };
}

export interface InferenceProbeInput {
  resultFile: string;
  apiKey: string;
  /** The driver's emulator, with latency and generated deployments in every project. */
  emulatorUrl: string;
  /** One location per project: the tree shows a project's inference once, whatever its regions. */
  locations: ProjectRegionRef[];
  warmupRounds: number;
  rounds: number;
  /** Seconds watched with every Deployments row shown and nothing moving. */
  quietSeconds: number;
  /** The projects in which one deployment's image is changed (its pods restart: it moves), then how long the polls are watched. */
  movingProjects: number[];
  movingSeconds: number;
}

/** Times are wall-clock (Date.now()), so that the driver can count its emulator's requests in each window. */
export interface InferenceProbeResult {
  /** The first expansion of every Deployments row after the start: it loads the area's rows' code too. */
  cold: { ms: number; from: number; to: number };
  /** Per round: from every Deployments row expanded at once until every deployment row's TreeItem exists. */
  elapsedMs: number[];
  /** Per round: the median time of one node-fetch GET, sent as the extension must, of one project's deployment list. */
  roundTripMs: number[];
  windows: { from: number; to: number }[];
  deploymentRows: number;
  quiet: { from: number; to: number };
  moving: { from: number; to: number; deployments: number };
}

export interface InferenceLogsProbeInput {
  resultFile: string;
  apiKey: string;
  /** The seeded project's location; its deployment of two pods is the one followed. */
  location: ProjectRegionRef;
  deployment: string;
  /** How often each pod writes a line in the probe's emulator (InferenceTimings.logLineMs). */
  logLineMs: number;
  /** The lines the document fills to by following (the log viewer's cap). */
  lines: number;
  followIntervalSeconds: number;
  /** Reads followed at the cap with a pod filter on. */
  filteredReads: number;
  /** Rounds of the floor: the same change of a document that size from a bare content provider. */
  bareRounds: number;
  watchSeconds: number;
}

export interface InferenceLogsProbeResult {
  /** From the emulator's last byte of a followed read to the editor's document holding its lines, per read, until the cap. */
  readToEditorMs: number[];
  /** The same with one pod's lines shown alone, at the cap. */
  filteredReadToEditorMs: number[];
  /** From the first followed read's answer to the document holding `lines` lines. */
  fillMs: number;
  /** Log reads it took to fill, and the gap lines among the lines (reads that brought a full page sharing no line). */
  fillReads: number;
  gapLines: number;
  /** The document's lines at the cap, every pod's. */
  lines: number;
  /**
   * VS Code alone: a bare provider's document of the same text, edited as a followed read at the cap edits it (its
   * oldest 1,000 lines deleted, 1,000 inserted at the end, one workspace edit), to the document holding it, per round.
   */
  bareChangeMs: number[];
  /** Retained heap the bare provider's document held after its rounds: VS Code's part of a document that size. */
  bareHeldBytes: number;
  /**
   * Retained heap of the host before the log was opened, at the cap, once filtered, after the filtered reads, and after
   * it was closed once VS Code let go of its documents.
   */
  heapBytes: { before: number; atCap: number; filtered: number; afterFiltered: number; afterClose: number };
  /** From closing the log's tab to VS Code no longer holding any of its documents (it keeps one an extension opened for a while). */
  releaseMs: number;
  /** Length of the document's text at the cap (UTF-16 units, as the heap holds it). */
  textChars: number;
  follow: FollowReads;
}
