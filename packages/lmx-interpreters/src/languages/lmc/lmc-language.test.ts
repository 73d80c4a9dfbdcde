import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';
import { lmcLanguage } from './lmc-language.js';

function run(source: string, input?: unknown) {
  return executeScript({ mode: 'lmc', source, input }, { languages: [lmcLanguage] });
}

describe('lmc, the quantities calculator', () => {
  it('runs the design sheet examples', () => {
    const result = run('3 ft + 20 cm in m\n200 + 15%\ndate("2026-01-31") + 1 month');
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['1.1144 m', '230', '2026-02-28']);
    expect(result.value).toBe('2026-02-28');
  });

  it('converts units, temperatures and data sizes', () => {
    const result = run('100 °C in °F\n-40 degF in celsius\n1 GiB in MB\n90 min in h\n2.5 kg in lb');
    expect(result.output).toEqual(['212 °F', '-40 °C', '1073.741824 MB', '1.5 h', '5.51155655462 lb']);
  });

  it('takes percentages and shares', () => {
    const result = run('15% of 200\n200 - 15%\n2 * 15%\n0.25 in %\n7 mod 3\nprice = 80\nprice + 25%');
    expect(result.output).toEqual(['30', '170', '0.3', '25%', '1', 'price = 80', '100']);
  });

  it('does date arithmetic and date differences', () => {
    const result = run(
      'd = date("2024-02-29")\nd + 1 year\nd - 2 weeks\ndate("2026-03-01") - date("2026-01-31")\n(date("2027-01-01") - date("2026-01-01")) in weeks',
    );
    expect(result.output).toEqual([
      'd = 2024-02-29',
      '2025-02-28',
      '2024-02-15',
      '29 day',
      '52.1428571429 week',
    ]);
  });

  it('refuses to add metres and kilograms with E_DIMENSION at the operator', () => {
    const result = run('x = 1 m\nx + 2 kg');
    expect(result.ok).toBe(false);
    expect(result.output).toEqual(['x = 1 m']);
    expect(result.error).toMatchObject({
      code: 'E_DIMENSION',
      message: 'cannot add 1 m and 2 kg',
      line: 2,
      column: 1,
    });
  });

  it('reports unknown units and syntax errors before running, several at once', () => {
    const result = run('3 parsecs\n1 m in furlong\n2 +');
    expect(result.ok).toBe(false);
    expect(result.error?.diagnostics?.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      '1:3 E_NAME unknown unit "parsecs"',
      '2:8 E_NAME unknown unit "furlong"',
      '3:4 E_PARSE expected an expression but found end of input',
    ]);
  });

  it('keeps the shared numeric rule for quantities', () => {
    expect(run('5 °X').error).toMatchObject({ code: 'E_NAME', message: 'unknown unit "°X"' });
    expect(run('3 m / 0').error).toMatchObject({ code: 'E_RUNTIME', message: 'division by zero' });
    expect(run('1e308 m * 10').error).toMatchObject({ code: 'E_RUNTIME', message: 'number out of range' });
    expect(run('date("2026-02-30")').error).toMatchObject({ code: 'E_RUNTIME' });
    expect(run('date("2026-01-01") + 5 h').error).toMatchObject({
      code: 'E_RUNTIME',
      message: expect.stringMatching(/day precision/),
    });
  });

  it('returns structured values and compares quantities across units', () => {
    expect(run('1 km > 999 m').value).toBe(true);
    expect(run('1 km == 1000 m').value).toBe(true);
    expect(run('12 °C').value).toEqual({ value: 12, unit: '°C' });
    expect(run('15%').value).toEqual({ percent: 15 });
    expect(run('"{{2 h in min}} and 20°C"').output).toEqual(['120 min and 20°C']);
    expect(run('x = input.km * 1 km\nx in mi', { km: 42.195 }).output).toEqual([
      'x = 42.195 km',
      '26.2187574565 mi',
    ]);
  });

  it('knows volume, area, energy, pressure, speed, frequency and data-rate units', () => {
    const result = executeScript({
      mode: 'lmc',
      source:
        '2 L + 500 mL\n1 acre in m2\n1 kWh in kJ\n1 atm in kPa\n60 mph in km/h\n1 / 50 Hz in ms\n100 Mbit in MB',
    });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual([
      '2.5 L',
      '4046.8564224 m2',
      '3600 kJ',
      '101.325 kPa',
      '96.56064 km/h',
      '20 ms',
      '12.5 MB',
    ]);
  });

  it('builds compound units written together and from products and quotients', () => {
    const result = executeScript({
      mode: 'lmc',
      source:
        'rate = 100 Mbit/s\n5 GB / rate in min\n100 km / 2 h\n2 kW * 3 h in kWh\n9.81 m/s^2 * 70 kg in N\n10 m * 20 m in m2',
    });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual([
      'rate = 100 Mbit/s',
      '6.66666666667 min',
      '50 km/h',
      '6 kWh',
      '686.7 N',
      '200 m2',
    ]);
    expect(executeScript({ mode: 'lmc', source: '3 km/h in kg' }).error).toMatchObject({
      code: 'E_DIMENSION',
      message: 'cannot convert 3 km/h (speed) to kg (mass)',
    });
  });

  it('reads 5 ft 11 inch as one length, rounds a quantity in its unit, and names weekdays', () => {
    const result = executeScript({
      mode: 'lmc',
      source: '5 ft 11 inch in cm\nround(5 ft 11 inch)\nround(100 km / 3 h, 1)\nweekday(date("2026-01-01"))',
    });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['180.34 cm', '6 ft', '33.3 km/h', 'Thursday']);
    expect(executeScript({ mode: 'lmc', source: '5 N m in J' }).output).toEqual(['5 J']);
  });

  it('suggests the closest unit for a misspelt one', () => {
    expect(executeScript({ mode: 'lmc', source: '3 meterz' }).error).toMatchObject({
      code: 'E_NAME',
      message: 'unknown unit "meterz" (did you mean "meter"?)',
    });
  });

  it('maps, filters and reduces lists with lambdas', () => {
    expect(
      executeScript({
        mode: 'lmc',
        source: 'legs = [3 km, 500 m, 2 mi]\nreduce(legs, (a, b) => a + b, 0 km) in km',
      }).output,
    ).toEqual(['legs = [3 km, 500 m, 2 mi]', '6.718688 km']);
  });
});
