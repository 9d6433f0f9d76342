import { describe, expect, it } from 'vitest';
import { ETA_FIGURES, createEstimateEta, estimateTravel } from '../src/index.js';

describe('embedded travel-time estimate', () => {
  it('walks at 4.8 km/h over 1.25 × the straight line', () => {
    const { distance, time } = estimateTravel(4800, 'walking');
    expect(distance).toBe(6000);
    expect(time).toBeCloseTo(4500, 6); // 6 km at 4.8 km/h = 75 min
    expect(ETA_FIGURES.walking.kmh).toBe(4.8);
  });

  it('drives 30 km/h in town, 65 km/h beyond, plus 2 minutes', () => {
    expect(estimateTravel(0, 'automobile').time).toBe(0);
    const short = estimateTravel(5000, 'automobile'); // 6.5 km of road
    expect(short.distance).toBe(6500);
    expect(short.time).toBeCloseTo(120 + (6.5 / 30) * 3600, 6);
    const long = estimateTravel(100_000, 'automobile'); // 130 km of road
    expect(long.time).toBeCloseTo(120 + (10 / 30 + 120 / 65) * 3600, 6);
  });

  it('answers every destination in order, flagged as an estimate', async () => {
    const eta = createEstimateEta();
    const origin = { lat: 48.8566, lon: 2.3522 };
    const res = await eta.eta(origin, [origin, { lat: 45.764, lon: 4.8357 }], 'automobile');
    expect(res).toHaveLength(2);
    expect(res[0]).toMatchObject({ expectedTravelTime: 0, distance: 0, estimate: true });
    // Paris–Lyon: 392 km straight; the estimate must be in the plausible 5–9 h range.
    expect(res[1]?.distance).toBeGreaterThan(500_000);
    expect(res[1]?.expectedTravelTime).toBeGreaterThan(5 * 3600);
    expect(res[1]?.expectedTravelTime).toBeLessThan(9 * 3600);
    expect(res.every((e) => e.estimate && e.transportType === 'automobile')).toBe(true);
  });

  it('rejects when already aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(
      createEstimateEta().eta({ lat: 0, lon: 0 }, [{ lat: 1, lon: 1 }], 'walking', ac.signal),
    ).rejects.toThrow();
  });
});
