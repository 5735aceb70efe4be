import * as assert from 'node:assert/strict';
import { checkApiBaseUrl } from '../../../../src/api/http/baseUrl';

describe('the base-URL rule', () => {
  const allowed = [
    'https://api.gcore.com',
    'https://api.gcore.com/',
    'https://proxy.example/gcore',
    'http://127.0.0.1:8080',
    'http://127.5.6.7',
    'http://localhost:3000',
    'http://[::1]:9000',
  ];
  const refused = [
    'http://api.gcore.com',
    'http://10.0.0.1',
    'http://127.0.0.1.evil.com',
    'http://localhost.evil.com',
    'ftp://127.0.0.1',
    'file:///etc/passwd',
    'https://u:p@api.gcore.com',
    'https://api.gcore.com/?x=1',
    'http://256.0.0.1',
    'relative/path',
    '',
  ];
  for (const url of allowed) it(`allows ${url}`, () => assert.equal(checkApiBaseUrl(url).ok, true));
  for (const url of refused) it(`refuses ${JSON.stringify(url)}`, () => assert.equal(checkApiBaseUrl(url).ok, false));
});
