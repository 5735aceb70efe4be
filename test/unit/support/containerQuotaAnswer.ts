import type { ContainerQuota } from '../../../src/api/containers/containerTypes';

/** A `check_limits` answer in Gcore's names that a create fits in: containers, CPU (millicores) and RAM (MiB). */
export const QUOTA_ANSWER: ContainerQuota = {
  caas_container_count_limit: 10,
  caas_container_count_usage: 3,
  caas_container_count_requested: 1,
  caas_cpu_count_limit: 40000,
  caas_cpu_count_usage: 13320,
  caas_cpu_count_requested: 2280,
  caas_ram_size_limit: 81920,
  caas_ram_size_usage: 20480,
  caas_ram_size_requested: 4096,
};
