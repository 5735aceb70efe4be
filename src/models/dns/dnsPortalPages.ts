/** The account's DNS zone list, an address Gcore's guides give: every zone row's page (they give none for one zone). */
export const DNS_ZONES_PORTAL_PAGE = 'https://dns.gcore.com/zones';
