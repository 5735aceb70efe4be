/**
 * What another provider exports for example.org (a Cloudflare-style export: its header, sections, absolute
 * names, TTL 1 for "automatic"), written into the playground's workspace so Import Zone File has a real
 * migration to show: sets to create, the provider's SOA and NS sets skipped, a record outside the zone.
 */
export const SAMPLE_ZONE_FILE_NAME = 'example.org.zone';

export const SAMPLE_ZONE_FILE = `;;
;; Domain:     example.org.
;; Exported:   2026-11-20 09:14:03
;;
;; This file is intended for use for informational and archival
;; purposes ONLY and MUST be edited before use on a production
;; DNS server.
;;
$ORIGIN example.org.

;; SOA Record
example.org.	3600	IN	SOA	ada.ns.other-provider.example. dns.other-provider.example. 2051234567 10000 2400 604800 3600

;; NS Records
example.org.	86400	IN	NS	ada.ns.other-provider.example.
example.org.	86400	IN	NS	bob.ns.other-provider.example.

;; A Records
example.org.	300	IN	A	203.0.113.80
www.example.org.	300	IN	A	203.0.113.80
shop.example.org.	1	IN	A	203.0.113.81 ; cf_tags=cf-proxied:true

;; AAAA Records
example.org.	300	IN	AAAA	2001:db8:80::1

;; CNAME Records
blog.example.org.	3600	IN	CNAME	example-blog.hosting.example.

;; MX Records
example.org.	3600	IN	MX	10 mx1.mail.example.
example.org.	3600	IN	MX	20 mx2.mail.example.

;; TXT Records
example.org.	3600	IN	TXT	"v=spf1 include:_spf.mail.example ~all"
_dmarc.example.org.	3600	IN	TXT	"v=DMARC1; p=none; rua=mailto:dmarc@example.org"

;; CAA Records
example.org.	3600	IN	CAA	0 issue "letsencrypt.org"

;; A record of another zone, as exports of several zones at once carry
status.example.net.	300	IN	A	198.51.100.99
`;
