import { all, create, type FactoryFunctionMap } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';

// Everyday expressions a mathjs user types into a calculator, each with the lmc line that asks
// the same. Both run here: the counts below say how many each answers, and where both answer,
// the numbers must agree. `lmc: null` marks a question lmc has no form for; `mathjs: null` one
// mathjs has none for (calendar dates). Written by hand from what users try first, not picked
// from what lmc does.
interface Case {
  mathjs: string | null;
  lmc: string | null;
  output?: string;
}

const CASES: Case[] = [
  { mathjs: '3 ft + 20 cm to m', lmc: '3 ft + 20 cm in m', output: '1.1144 m' },
  { mathjs: '200 + 15%', lmc: '200 + 15%', output: '230' },
  { mathjs: '90 min to h', lmc: '90 min in h', output: '1.5 h' },
  { mathjs: '5 ft + 11 inch to cm', lmc: '5 ft 11 inch in cm', output: '180.34 cm' },
  { mathjs: '100 km / 2 h to mph', lmc: '100 km / 2 h in mph', output: '31.0685596119 mph' },
  { mathjs: '5 GB / (100 Mbit/s) to s', lmc: '5 GB / 100 Mbit/s in s', output: '400 s' },
  { mathjs: '2 kW * 3 h to kWh', lmc: '2 kW * 3 h in kWh', output: '6 kWh' },
  { mathjs: '1 atm to psi', lmc: '1 atm in psi', output: '14.6959487755 psi' },
  { mathjs: '2 L + 500 mL', lmc: '2 L + 500 mL', output: '2.5 L' },
  { mathjs: '100 degC to degF', lmc: '100 °C in °F', output: '212 °F' },
  { mathjs: '1 GiB to MB', lmc: '1 GiB in MB', output: '1073.741824 MB' },
  { mathjs: '30 km/h to m/s', lmc: '30 km/h in m/s', output: '8.33333333333 m/s' },
  { mathjs: 'round(5.916 ft)', lmc: 'round(5.916 ft)', output: '6 ft' },
  { mathjs: '1 acre to m^2', lmc: '1 acre in m2', output: '4046.8564224 m2' },
  { mathjs: '10 m * 20 m to m^2', lmc: '10 m * 20 m in m2', output: '200 m2' },
  { mathjs: '1 cup to mL', lmc: '1 cup in mL', output: '236.5882365 mL' },
  { mathjs: '5 lb to kg', lmc: '5 lb in kg', output: '2.26796185 kg' },
  { mathjs: '2 hours + 30 min to min', lmc: '2 hours + 30 min in min', output: '150 min' },
  { mathjs: 'sqrt(16)', lmc: 'sqrt(16)', output: '4' },
  { mathjs: '15% of 200', lmc: '15% of 200', output: '30' },
  { mathjs: '1 kcal to J', lmc: '1 kcal in J', output: '4184 J' },
  { mathjs: '60 mph to km/h', lmc: '60 mph in km/h', output: '96.56064 km/h' },
  { mathjs: '1 / 50 Hz to ms', lmc: '1 / 50 Hz in ms', output: '20 ms' },
  { mathjs: '0.5 hours to min', lmc: '0.5 hours in min', output: '30 min' },
  { mathjs: '3 * (4 + 5)', lmc: '3 * (4 + 5)', output: '27' },
  { mathjs: '2^10', lmc: '2^10', output: '1024' },
  { mathjs: 'mean(1, 2, 3, 4)', lmc: 'mean([1, 2, 3, 4])', output: '2.5' },
  { mathjs: '1 GB/s to Mbit/s', lmc: '1 GB/s in Mbit/s', output: '8000 Mbit/s' },
  { mathjs: '72 kg to lb', lmc: '72 kg in lb', output: '158.732828773 lb' },
  { mathjs: '1000 W * 1 h to J', lmc: '1000 W * 1 h in J', output: '3600000 J' },
  { mathjs: '12 inch to cm', lmc: '12 inch in cm', output: '30.48 cm' },
  { mathjs: '70 kg * 9.81 m/s^2 to N', lmc: '70 kg * 9.81 m/s^2 in N', output: '686.7 N' },
  { mathjs: 'sin(pi / 2)', lmc: 'sin(pi / 2)', output: '1' },
  { mathjs: '5 m^3 to L', lmc: '5 m^3 in L', output: '5000 L' },
  { mathjs: '5 N m to J', lmc: '5 N m in J', output: '5 J' },
  { mathjs: null, lmc: 'date("2026-01-31") + 1 month', output: '2026-02-28' },
  { mathjs: null, lmc: 'weekday(date("2026-01-01"))', output: 'Thursday' },
  // Questions lmc has no form for.
  { mathjs: 'sqrt(-4)', lmc: null },
  { mathjs: '1 lightyear to km', lmc: null },
  { mathjs: '10 ohm * 2 A to V', lmc: null },
];

const math = create(all as FactoryFunctionMap);

/** mathjs's answer as text (12 significant digits), or undefined when it cannot answer. */
function askMathjs(expression: string): string | undefined {
  try {
    return math.format(math.evaluate(expression), { precision: 12 });
  } catch {
    return undefined;
  }
}

const leadingNumber = (text: string): number => Number(/^-?[\d.]+(e[+-]?\d+)?/.exec(text)?.[0]);

describe('lmc against mathjs: everyday expressions', () => {
  it.each(CASES.filter((entry) => entry.lmc !== null).map((entry) => [entry.lmc, entry] as const))(
    'answers %s',
    (_line, entry) => {
      const result = executeScript({ mode: 'lmc', source: entry.lmc as string });
      expect(result.error).toBeUndefined();
      expect(result.output).toEqual([entry.output]);
      const peer = entry.mathjs === null ? undefined : askMathjs(entry.mathjs);
      if (peer !== undefined && !peer.includes('i')) {
        const ours = leadingNumber(entry.output as string);
        expect(Math.abs(leadingNumber(peer) - ours) / Math.max(1, Math.abs(ours))).toBeLessThan(1e-6);
      }
    },
  );

  it('refuses what it has no form for with an error, never a wrong number', () => {
    for (const source of ['sqrt(-4)', '1 lightyear in km', '10 ohm * 2 A in V'])
      expect(executeScript({ mode: 'lmc', source }).error, source).toBeDefined();
  });

  it('answers 37 of the 40 expressions; mathjs answers 26', () => {
    expect(CASES.length).toBe(40);
    expect(CASES.filter((entry) => entry.lmc !== null).length).toBe(37);
    const mathjsAnswers = CASES.filter(
      (entry) => entry.mathjs !== null && askMathjs(entry.mathjs) !== undefined,
    );
    expect(mathjsAnswers.length).toBe(26);
  });
});
