import type { Services } from '../services';
import type { CommandSpec } from './commandRunner';

export function logCommands(services: Services): CommandSpec[] {
  return [
    {
      id: 'gcore.showLog',
      what: 'Show log',
      isProgrammatic: () => false,
      handler: async () => {
        services.log.show();
        return undefined;
      },
    },
  ];
}
