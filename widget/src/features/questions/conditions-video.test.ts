import { editionCodes, getClientEdition } from '@tradein/editions/client';
import { describe, expect, it } from 'vitest';
import { conditionsVideoFor } from './conditions-video.tsx';

describe('conditionsVideoFor', () => {
  const withVideo = editionCodes.filter((code) => getClientEdition(code).hasConditionsVideo);
  const withoutVideo = editionCodes.filter((code) => !withVideo.includes(code));

  it('has editions with and without a video to check', () => {
    expect(withVideo.length).toBeGreaterThan(0);
    expect(withoutVideo.length).toBeGreaterThan(0);
  });

  // An edition that promises a video must find one in its language: configuration and files agree.
  it.each(withVideo)('gives %s a video and captions in its language', (edition) => {
    const media = conditionsVideoFor(edition);
    expect(media?.language).toBe(getClientEdition(edition).language);
    expect(media?.video).toMatch(/\/media\/conditions-[a-z]{2}\.webm$/);
    expect(media?.captions).toMatch(/\/media\/conditions-[a-z]{2}\.vtt$/);
  });

  it.each(withoutVideo)('gives %s no video', (edition) => {
    expect(conditionsVideoFor(edition)).toBeUndefined();
  });

  it('shows the German video in Germany and Austria', () => {
    expect(conditionsVideoFor('de')?.video).toBe(conditionsVideoFor('at')?.video);
    expect(conditionsVideoFor('de')?.duration).toBe('0:28');
  });
});
