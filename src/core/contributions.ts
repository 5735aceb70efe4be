/*
 * The names package.json and the code share: command ids, the context values of the tree's rows (what
 * menus match with `viewItem`), the context keys `when` clauses read, the view and the document schemes.
 * The code names them only through these constants, and test/unit/core/contributions.test.ts checks them against
 * package.json in both directions, so a renamed command, a row without its menu or a menu for a row
 * that no longer exists cannot slip through.
 */

export const COMMAND = {
  setApiKey: 'gcore.setApiKey',
  signOut: 'gcore.signOut',
  checkApiKey: 'gcore.checkApiKey',
  refresh: 'gcore.refresh',
  refreshAll: 'gcore.refreshAll',
  addLocation: 'gcore.addLocation',
  removeLocation: 'gcore.removeLocation',
  listGpuFlavors: 'gcore.listGpuFlavors',
  copyFlavorName: 'gcore.copyFlavorName',
  listGpuClusters: 'gcore.listGpuClusters',
  getGpuCluster: 'gcore.getGpuCluster',
  listGpuClusterServers: 'gcore.listGpuClusterServers',
  listGpuImages: 'gcore.listGpuImages',
  listSshKeys: 'gcore.listSshKeys',
  createSshKey: 'gcore.createSshKey',
  previewGpuCluster: 'gcore.previewGpuCluster',
  createGpuCluster: 'gcore.createGpuCluster',
  newGpuClusterJson: 'gcore.newGpuClusterJson',
  applyNewGpuClusterJson: 'gcore.applyNewGpuClusterJson',
  gpuClusterAction: 'gcore.gpuClusterAction',
  startGpuCluster: 'gcore.startGpuCluster',
  stopGpuCluster: 'gcore.stopGpuCluster',
  rebootGpuCluster: 'gcore.rebootGpuCluster',
  resizeGpuCluster: 'gcore.resizeGpuCluster',
  deleteGpuCluster: 'gcore.deleteGpuCluster',
  deleteGpuServer: 'gcore.deleteGpuServer',
  copyGpuName: 'gcore.copyGpuName',
  copyGpuServerAddress: 'gcore.copyGpuServerAddress',
  findGpuFlavorElsewhere: 'gcore.findGpuFlavorElsewhere',
  connectGpuServer: 'gcore.connectGpuServer',
  copyGpuSshCommand: 'gcore.copyGpuSshCommand',
  openGpuSshTerminal: 'gcore.openGpuSshTerminal',
  forwardGpuPort: 'gcore.forwardGpuPort',
  checkGpus: 'gcore.checkGpus',
  setGpuSshUser: 'gcore.setGpuSshUser',
  setGpuLease: 'gcore.setGpuLease',
  updateContainer: 'gcore.updateContainer',
  createContainer: 'gcore.createContainer',
  newContainerJson: 'gcore.newContainerJson',
  applyNewContainerJson: 'gcore.applyNewContainerJson',
  deleteContainer: 'gcore.deleteContainer',
  listPullSecrets: 'gcore.listPullSecrets',
  createPullSecret: 'gcore.createPullSecret',
  updatePullSecret: 'gcore.updatePullSecret',
  deletePullSecret: 'gcore.deletePullSecret',
  editContainerJson: 'gcore.editContainerJson',
  applyContainerJson: 'gcore.applyContainerJson',
  showContainerLogs: 'gcore.showContainerLogs',
  followContainerLogs: 'gcore.followContainerLogs',
  stopFollowingContainerLogs: 'gcore.stopFollowingContainerLogs',
  getContainerLogs: 'gcore.getContainerLogs',
  listContainers: 'gcore.listContainers',
  getContainer: 'gcore.getContainer',
  listContainerFlavors: 'gcore.listContainerFlavors',
  copyContainerName: 'gcore.copyContainerName',
  copyContainerAddress: 'gcore.copyContainerAddress',
  openContainerInBrowser: 'gcore.openContainerInBrowser',
  showEnvValue: 'gcore.showEnvValue',
  openInPortal: 'gcore.openInPortal',
  copyValue: 'gcore.copyValue',
  showTasks: 'gcore.showTasks',
  getTask: 'gcore.getTask',
  waitForTasks: 'gcore.waitForTasks',
  copyTaskId: 'gcore.copyTaskId',
  stopWatchingTask: 'gcore.stopWatchingTask',
  createZone: 'gcore.createZone',
  addKnownZone: 'gcore.addKnownZone',
  forgetZone: 'gcore.forgetZone',
  checkZone: 'gcore.checkZone',
  listZones: 'gcore.listZones',
  enableDnssec: 'gcore.enableDnssec',
  disableDnssec: 'gcore.disableDnssec',
  copyDsRecord: 'gcore.copyDsRecord',
  listRecords: 'gcore.listRecords',
  getRecord: 'gcore.getRecord',
  createRecord: 'gcore.createRecord',
  updateRecord: 'gcore.updateRecord',
  deleteRecord: 'gcore.deleteRecord',
  removeRecordValue: 'gcore.removeRecordValue',
  filterRecordTypes: 'gcore.filterRecordTypes',
  lookupName: 'gcore.lookupName',
  checkResolution: 'gcore.checkResolution',
  editZoneFile: 'gcore.editZoneFile',
  applyZoneFile: 'gcore.applyZoneFile',
  exportZoneFile: 'gcore.exportZoneFile',
  importZoneFile: 'gcore.importZoneFile',
  deleteZone: 'gcore.deleteZone',
  enableZone: 'gcore.enableZone',
  disableZone: 'gcore.disableZone',
  updateZone: 'gcore.updateZone',
  checkDelegation: 'gcore.checkDelegation',
  listProjects: 'gcore.listProjects',
  listRegions: 'gcore.listRegions',
  showLog: 'gcore.showLog',
} as const;

export type CommandId = (typeof COMMAND)[keyof typeof COMMAND];

/** The `contextValue` of each kind of row; menus in package.json match them with `viewItem`. */
export const ROW_CONTEXT = {
  gpuSection: 'section.gpu',
  containersSection: 'section.containers',
  zonesSection: 'section.zones',
  tasksSection: 'section.tasks',
  location: 'location',
  // A location under Containers: New Container and the pull secrets are offered on it.
  containersLocation: 'location.containers',
  flavor: 'flavor',
  flavorOutOfStock: 'flavor.outOfStock',
  flavorDisabled: 'flavor.disabled',
  flavorBaremetal: 'flavor.baremetal',
  flavorBaremetalOutOfStock: 'flavor.baremetal.outOfStock',
  flavorBaremetalDisabled: 'flavor.baremetal.disabled',
  // A location's GPU clusters, the first row under it in the GPU section.
  gpuClusters: 'gpuClusters',
  // A cluster by what its row offers: Start on shutoff, Stop, Reboot and Resize on active, only Delete while busy.
  // A GPU cluster's row says what it offers: Stop, Reboot and Resize when active, Start when shut off, Delete but while deleting.
  gpuCluster: 'gpuCluster',
  gpuClusterActive: 'gpuCluster.active',
  gpuClusterShutoff: 'gpuCluster.shutoff',
  gpuClusterBusy: 'gpuCluster.busy',
  gpuClusterOther: 'gpuCluster.other',
  gpuClusterDeleting: 'gpuCluster.deleting',
  gpuServer: 'gpuServer',
  gpuServerWithAddress: 'gpuServer.withAddress',
  container: 'container',
  containerWithAddress: 'container.withAddress',
  // Being deleted here: only what reads it (logs, copy) is offered.
  containerDeleting: 'container.deleting',
  pullSecrets: 'pullSecrets',
  pullSecret: 'pullSecret',
  containerDetail: 'container.detail',
  containerAddress: 'container.detail.address',
  containerEnv: 'container.env',
  containerEnvShown: 'container.env.shown',
  zoneDnssecOn: 'zone.dnssec.on',
  zoneDnssecOff: 'zone.dnssec.off',
  zoneDnssecUnknown: 'zone.dnssec.unknown',
  zoneDnssecPending: 'zone.dnssec.pending',
  // A zone Gcore lists as disabled: its DNSSEC state, then `.disabled` (Enable Zone is offered instead of Disable).
  zoneDnssecOnDisabled: 'zone.dnssec.on.disabled',
  zoneDnssecOffDisabled: 'zone.dnssec.off.disabled',
  zoneDnssecUnknownDisabled: 'zone.dnssec.unknown.disabled',
  zoneDnssecPendingDisabled: 'zone.dnssec.pending.disabled',
  zoneGone: 'zone.gone',
  zoneDsRecord: 'zone.dsRecord',
  zoneDnssecDetail: 'zone.dnssecDetail',
  recordSet: 'recordSet',
  recordSetDynamic: 'recordSet.dynamic',
  recordSetGcore: 'recordSet.gcore',
  recordValue: 'recordValue',
  recordValueGcore: 'recordValue.gcore',
  task: 'task',
  taskFollowing: 'task.following',
  error: 'error',
  hint: 'hint',
} as const;

export type RowContext = (typeof ROW_CONTEXT)[keyof typeof ROW_CONTEXT];

/**
 * Rows that no menu is for, on purpose: the Tasks section's root (its rows carry the actions), and hints,
 * whose click is their action.
 */
export const ROWS_WITHOUT_MENUS: readonly RowContext[] = [ROW_CONTEXT.tasksSection, ROW_CONTEXT.hint];

/** Context keys the extension sets for `when` clauses. */
export const CONTEXT_KEY = {
  apiKeyState: 'gcore.apiKeyState',
  activeLogFollowed: 'gcore.activeLogFollowed',
  dnssecEnabledHere: 'gcore.dnssecEnabledHere',
  updateFinishedHere: 'gcore.updateFinishedHere',
} as const;

/** The tree's view (package.json `contributes.views`). */
export const VIEW_ID = 'gcore.explorer';

/** The schemes of the extension's documents, as `resourceScheme` clauses name them. */
export const SCHEME = {
  container: 'gcore-container',
  newContainer: 'gcore-new-container',
  newGpuCluster: 'gcore-new-gpu-cluster',
  logs: 'gcore-logs',
  schema: 'gcore-schema',
  snapshot: 'gcore-snapshot',
  resolution: 'gcore-resolution',
  zoneFile: 'gcore-zonefile',
} as const;
