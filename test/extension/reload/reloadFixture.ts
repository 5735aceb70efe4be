/** What the first start leaves behind and the second start looks for. */

/** Created through the API with DNSSEC enabled, so its DS record is part of the remembered state. */
export const DNSSEC_ZONE = 'reload.example';

/** Added by name only: the extension has never seen its DNSSEC state. */
export const ADDED_ZONE = 'kept.example';

/** Its update's task is followed when the window closes, and followed again after the reload. */
export const FOLLOWED_CONTAINER = 'web-app';

/** A location no other suite uses, so nothing else adds or removes it. */
export const LOCATION = { projectId: 4711, regionId: 76, label: 'Survives a reload' } as const;

/** A GPU cluster whose create Gcore had not listed yet when the window closed: followed by its name alone. */
export const CREATED_GPU_CLUSTER = 'reload-train';
