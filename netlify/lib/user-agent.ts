/**
 * A User-Agent header summarized for people, e.g. "Chrome 124 on Windows", so staff recognise their
 * own devices in the session list. Order matters: Edge and Opera also say "Chrome", Chrome also
 * says "Safari".
 */

const BROWSERS: Array<[name: string, pattern: RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome (headless)', /\bHeadlessChrome\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
  ['curl', /^curl\/(\d+)/],
];

const SYSTEMS: Array<[name: string, pattern: RegExp]> = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

export function browserSummary(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown browser';
  const browser = BROWSERS.find(([, pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  // biome-ignore lint/style/noNonNullAssertion: browser was found by testing this pattern on userAgent, and it has one capturing group
  const name = browser ? `${browser[0]} ${userAgent.match(browser[1])![1]}` : 'Unknown browser';
  return system ? `${name} on ${system}` : name;
}
