import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allowedScriptHashes, cspProblems, scriptHash } from '../../scripts/lib/csp-guard';

const toml = readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'csp-guard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the pages’ headers in netlify.toml', () => {
  it('set a CSP without unsafe-inline or eval for scripts, and the other security headers', () => {
    const policy = toml.match(/Content-Security-Policy\s*=\s*"""([\s\S]*?)"""/)![1]!.replace(/\\\s*/g, '');
    const directives = Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    // 'wasm-unsafe-eval' lets the driver's barcode reader compile its WebAssembly; it allows no script eval.
    expect(directives['script-src']).toMatch(/^'self'( 'wasm-unsafe-eval')?( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(directives['object-src']).toBe("'none'");
    expect(directives['base-uri']).toBe("'none'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['default-src']).toBe("'self'");
    expect(toml).toContain('Strict-Transport-Security = "max-age=31536000; includeSubDomains"');
    expect(toml).toContain('X-Content-Type-Options = "nosniff"');
    expect(toml).toContain('Referrer-Policy = "strict-origin-when-cross-origin"');
    expect(toml).toMatch(/Permissions-Policy = "[^"]*camera=\(\)/);
    expect(toml).toContain('Cross-Origin-Opener-Policy = "same-origin"');
  });
});

describe('the build check of inline scripts', () => {
  it('passes hashed inline scripts and external ones, and names the page and hash of any other', () => {
    const allowed = new Set([scriptHash('console.log(1)')]);
    writeFileSync(join(dir, 'ok.html'), '<script>console.log(1)</script><script type="module" src="/a.js"></script>');
    expect(cspProblems(dir, allowed)).toEqual([]);
    writeFileSync(
      join(dir, 'bad.html'),
      '<script>alert(2)</script><button onclick="x()">x</button><a href="javascript:x()">x</a>',
    );
    const problems = cspProblems(dir, allowed);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain(`/bad.html: inline script not in the CSP, add 'sha256-${scriptHash('alert(2)')}'`);
    expect(problems[1]).toMatch(/inline event handler/);
    expect(problems[2]).toMatch(/javascript: URL/);
  });

  it('reads the hashes netlify.toml allows', () => {
    expect(allowedScriptHashes(toml).size).toBeGreaterThan(0);
    expect(allowedScriptHashes('Content-Security-Policy = """script-src \'self\' \'sha256-abc=\'"""')).toEqual(
      new Set(['abc=']),
    );
  });
});
