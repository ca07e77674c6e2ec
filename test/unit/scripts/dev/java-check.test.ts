import { javaMajor, javaProblem, javaVersionText, judgeJava } from '../../../../scripts/dev/java-check';

const OPENJDK_17 = [
  'openjdk version "17.0.15" 2025-04-15',
  'OpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)',
  'OpenJDK 64-Bit Server VM (build 17.0.15+6-Debian-1deb12u1, mixed mode, sharing)',
].join('\n');
const TEMURIN_21 = [
  'openjdk version "21.0.2" 2024-01-16 LTS',
  'OpenJDK Runtime Environment Temurin-21.0.2+13 (build 21.0.2+13-LTS)',
].join('\n');
const ORACLE_8 = 'java version "1.8.0_392"\nJava(TM) SE Runtime Environment (build 1.8.0_392-b08)';
const OPENJDK_25_DASH_DASH_VERSION =
  'openjdk 25 2025-09-16 LTS\nOpenJDK Runtime Environment Temurin-25+36 (build 25+36-LTS)';
const WITH_TOOL_OPTIONS = `Picked up JAVA_TOOL_OPTIONS: -Xmx512m\n${TEMURIN_21}`;

describe('javaVersionText', () => {
  it.each([
    [OPENJDK_17, '17.0.15'],
    [TEMURIN_21, '21.0.2'],
    [ORACLE_8, '1.8.0_392'],
    [OPENJDK_25_DASH_DASH_VERSION, '25'],
    ['openjdk version "21-ea" 2023-09-19', '21-ea'],
    [WITH_TOOL_OPTIONS, '21.0.2'],
  ])('reads the version out of %j', (output, version) => {
    expect(javaVersionText(output)).toBe(version);
  });

  it('finds nothing in output without a version', () => {
    expect(javaVersionText('Error: could not find libjava.so')).toBeNull();
  });
});

describe('javaMajor', () => {
  it.each([
    ['1.8.0_392', 8],
    ['17.0.15', 17],
    ['21.0.2', 21],
    ['21-ea', 21],
    ['25', 25],
  ])('takes %s as Java %i', (version, major) => {
    expect(javaMajor(version)).toBe(major);
  });

  it('has no major for a version that does not start with a number', () => {
    expect(javaMajor('ea-21')).toBeNull();
  });
});

describe('judgeJava', () => {
  it('accepts Java 21 and newer', () => {
    expect(judgeJava({ found: true, output: TEMURIN_21 })).toEqual({ ok: true, version: '21.0.2', major: 21 });
    expect(judgeJava({ found: true, output: OPENJDK_25_DASH_DASH_VERSION })).toEqual({
      ok: true,
      version: '25',
      major: 25,
    });
  });

  it('refuses Java 17 and Java 8, naming the version found', () => {
    expect(judgeJava({ found: true, output: OPENJDK_17 })).toEqual({ ok: false, found: '17.0.15' });
    expect(judgeJava({ found: true, output: ORACLE_8 })).toEqual({ ok: false, found: '1.8.0_392' });
  });

  it('refuses when there is no java on the PATH', () => {
    expect(judgeJava({ found: false })).toEqual({ ok: false, found: 'none' });
  });

  it('refuses output it cannot read, quoting its first line', () => {
    expect(judgeJava({ found: true, output: 'Error: could not find libjava.so\nmore' })).toEqual({
      ok: false,
      found: 'unreadable `java -version` output "Error: could not find libjava.so"',
    });
  });
});

describe('javaProblem', () => {
  it('names the requirement, what was found and the local backend', () => {
    expect(javaProblem('17.0.15')).toBe(
      'The Firebase Emulator Suite needs Java 21 or newer (found: 17.0.15). ' +
        'Install a JDK 21+, or run `npm start` for the local backend, which needs no Java.',
    );
  });
});
