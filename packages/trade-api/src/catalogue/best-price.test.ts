import { describe, expect, it } from 'vitest';
import { editionCodes } from '@tradein/editions';
import { offerPrice, factorToBasisPoints } from '../trades/offer-pricing.ts';
import { bestPriceCents } from './best-price.ts';
import { buildCatalogue } from './build-catalogue.ts';
import { getCatalogueIndex, toDevice, toDeviceSummary } from './catalogue-view.ts';

const working = (priceFactor: number) => ({ priceFactor, meansDefective: false });
const defective = { priceFactor: 1, meansDefective: true };
const prices = { basePriceCents: 41_000, recyclingPriceCents: 800 };

describe('bestPriceCents', () => {
  it('is the base price when every factor is at most 1', () => {
    const questions = [
      { answers: [working(1), working(0.92), working(0.8)] },
      { answers: [working(1), defective] },
      { answers: [working(1), working(0.85)] },
    ];
    expect(bestPriceCents(prices, questions)).toBe(41_000);
  });

  it('takes the highest factor of each question, truncated to cents like an offer', () => {
    // 333.33 € × 1.05 × 0.9 = 314.99685 €: the offer pays 314.99 €, not 315.00 €.
    const questions = [
      { answers: [working(0.7), working(1.05)] },
      { answers: [working(0.9), working(0.5)] },
    ];
    expect(bestPriceCents({ basePriceCents: 33_333, recyclingPriceCents: 0 }, questions)).toBe(
      31_499,
    );
  });

  it('is the base price of a device without questions', () => {
    expect(bestPriceCents(prices, [])).toBe(41_000);
  });

  it('is the recycling price when it pays more than any working answer', () => {
    const questions = [{ answers: [working(0.01), defective] }];
    expect(bestPriceCents(prices, questions)).toBe(800);
  });

  it('is the recycling price when a question can only be answered "defective"', () => {
    const questions = [{ answers: [working(1)] }, { answers: [defective, defective] }];
    expect(bestPriceCents(prices, questions)).toBe(800);
  });

  it('ignores the recycling price when no answer means defective', () => {
    const questions = [{ answers: [working(0.01), working(0.005)] }];
    expect(bestPriceCents(prices, questions)).toBe(410);
  });

  it('refuses a factor an offer would refuse', () => {
    expect(() => bestPriceCents(prices, [{ answers: [working(0.123_45)] }])).toThrow(
      'at most four places',
    );
  });
});

describe('best prices of the seeded catalogue', () => {
  const catalogue = buildCatalogue();
  const index = getCatalogueIndex(catalogue);

  /** Every offer a device can get in an edition, by trying every combination of answers. */
  function highestOffer(deviceId: number, edition: (typeof editionCodes)[number]): number {
    const device = index.devicesById.get(deviceId);
    if (device === undefined) throw new Error(`no device ${deviceId}`);
    const questions = index.questionsByCategory.get(device.categoryId) ?? [];
    let combinations: { factorBasisPoints: number; meansDefective: boolean }[][] = [[]];
    for (const question of questions) {
      combinations = combinations.flatMap((chosen) =>
        question.answers.map((answer) => [
          ...chosen,
          {
            factorBasisPoints: factorToBasisPoints(answer.priceFactor),
            meansDefective: answer.meansDefective,
          },
        ]),
      );
    }
    const devicePrices = {
      basePriceCents: device.basePrices[edition],
      recyclingPriceCents: device.recyclingPrices[edition],
    };
    return Math.max(...combinations.map((answers) => offerPrice(devicePrices, answers).priceCents));
  }

  it('equals the highest offer over every way of answering, per edition', () => {
    const sample = catalogue.devices.filter((_, position) => position % 400 === 0);
    expect(sample.length).toBeGreaterThan(3);
    for (const device of sample) {
      for (const edition of editionCodes) {
        expect(toDeviceSummary(catalogue, edition, device).bestPriceCents).toBe(
          highestOffer(device.id, edition),
        );
      }
    }
  });

  it('is the base price of the edition while no seeded factor exceeds 1', () => {
    const factors = catalogue.questions.flatMap((question) =>
      question.answers.map((answer) => answer.priceFactor),
    );
    expect(Math.max(...factors)).toBeLessThanOrEqual(1);
    const device = catalogue.devices[0];
    if (device === undefined) throw new Error('empty catalogue');
    for (const edition of editionCodes) {
      expect(toDevice(catalogue, edition, device).bestPriceCents).toBe(device.basePrices[edition]);
    }
  });

  it('gives every variant of a model its own best price; the model shows its highest', () => {
    const model = [...index.variantsByModel.values()].find(
      (variants) =>
        variants.length > 2 && new Set(variants.map((each) => each.basePrices.de)).size > 1,
    );
    if (model === undefined) throw new Error('no model whose variants differ in price');
    const [first] = model;
    if (first === undefined) throw new Error('empty model');
    const summary = toDeviceSummary(catalogue, 'de', first);
    expect(summary.variants.map((variant) => variant.bestPriceCents)).toEqual(
      model.map((variant) => variant.basePrices.de),
    );
    expect(Math.max(...summary.variants.map((variant) => variant.bestPriceCents))).toBeGreaterThan(
      summary.bestPriceCents,
    );
  });
});
