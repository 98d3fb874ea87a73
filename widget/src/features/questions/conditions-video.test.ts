import { editionCodes, getClientEdition } from '@tradein/editions/client';
import { describe, expect, it } from 'vitest';
import { conditionsVideoFor } from './conditions-video.tsx';

describe('conditionsVideoFor', () => {
  it.each(editionCodes)('gives %s a video in its language exactly when it has one', (edition) => {
    const { hasConditionsVideo, language } = getClientEdition(edition);
    const media = conditionsVideoFor(edition);
    if (!hasConditionsVideo) {
      expect(media).toBeUndefined();
      return;
    }
    // A configuration that promises a video must find one: the editions and the files agree.
    expect(media?.language).toBe(language);
    expect(media?.video).toMatch(/\/media\/conditions-[a-z]{2}\.webm$/);
    expect(media?.captions).toMatch(/\/media\/conditions-[a-z]{2}\.vtt$/);
  });

  it('shows the German video in Germany and Austria', () => {
    expect(conditionsVideoFor('de')?.video).toBe(conditionsVideoFor('at')?.video);
    expect(conditionsVideoFor('de')?.duration).toBe('0:28');
  });
});
