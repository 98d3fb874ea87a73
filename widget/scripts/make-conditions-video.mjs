// Renders the conditions video of the German-speaking editions (de and at have
// hasConditionsVideo): one slide per condition grade of the catalogue's GRADE question, drawn on a
// canvas in Chromium and recorded with MediaRecorder as WebM (VP9), plus its WebVTT captions.
// The output is committed (src/features/questions/media/); run this again after changing a slide.
// Usage: node scripts/make-conditions-video.mjs   (needs /usr/bin/chromium or CHROME_PATH)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch } from 'puppeteer-core';

/** How the video is cut: seconds per slide, frame size in pixels. */
const format = { slideSeconds: 4, width: 640, height: 360 };
const output = new URL('../src/features/questions/media/', import.meta.url);

/**
 * The slides: the grades and their descriptions as the GRADE question of the catalogue words
 * them (packages/trade-api/src/catalogue/condition-questions.ts), with an opening and a closing
 * slide. `scratches`, `dents` and `chipped` draw the device; `boxed` draws it in its package.
 */
const videoSlides = [
  {
    title: 'So schätzt du den Zustand ein',
    text: 'Fünf Stufen: Schau dir dein Gerät bei Tageslicht aus 30 cm Abstand an.',
    scratches: 0,
  },
  { title: 'Neu', text: 'Originalverpackt und unbenutzt.', boxed: true, scratches: 0 },
  { title: 'Wie neu', text: 'Keine sichtbaren Gebrauchsspuren.', scratches: 0 },
  { title: 'Gut', text: 'Leichte Kratzer, aus 30 cm Abstand kaum zu sehen.', scratches: 2 },
  { title: 'Gebraucht', text: 'Deutliche Kratzer oder kleine Dellen.', scratches: 6, dents: 1 },
  {
    title: 'Stark gebraucht',
    text: 'Tiefe Kratzer, Dellen oder abgeplatzte Stellen am Gehäuse.',
    scratches: 12,
    dents: 3,
    chipped: true,
  },
  {
    title: 'Wir prüfen jedes Gerät',
    text: 'Weicht der Zustand ab, bekommst du ein neues Angebot und entscheidest selbst.',
    scratches: 0,
  },
];

/** Runs in the page: draws the slides on a canvas and records them; resolves with base64 WebM. */
async function recordInPage({ slides, slideSeconds, width, height }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const context = canvas.getContext('2d');

  // A fixed sequence, so every run draws the same scratches.
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };

  function wrap(text, maxWidth) {
    const lines = [];
    let line = '';
    for (const word of text.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (context.measureText(candidate).width > maxWidth && line !== '') {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
    return lines;
  }

  function drawSlide(slide, index) {
    context.fillStyle = '#f4f6f8';
    context.fillRect(0, 0, width, height);
    // The device: a phone seen from the back.
    const phone = { x: 60, y: 50, w: 150, h: 260 };
    if (slide.boxed) {
      context.fillStyle = '#d8c7a4';
      context.fillRect(phone.x - 22, phone.y - 18, phone.w + 44, phone.h + 36);
      context.strokeStyle = '#8a7550';
      context.lineWidth = 3;
      context.strokeRect(phone.x - 22, phone.y - 18, phone.w + 44, phone.h + 36);
    }
    context.fillStyle = '#1f2a36';
    context.beginPath();
    context.roundRect(phone.x, phone.y, phone.w, phone.h, 22);
    context.fill();
    context.fillStyle = '#3b4a5a';
    context.beginPath();
    context.roundRect(phone.x + 14, phone.y + 14, 48, 48, 12);
    context.fill();
    seed = 7 + index;
    // Wear stays on the device.
    context.save();
    context.beginPath();
    context.roundRect(phone.x, phone.y, phone.w, phone.h, 22);
    context.clip();
    context.strokeStyle = 'rgba(255, 255, 255, 0.75)';
    for (let scratch = 0; scratch < slide.scratches; scratch += 1) {
      const x = phone.x + 15 + random() * (phone.w - 30);
      const y = phone.y + 70 + random() * (phone.h - 90);
      context.lineWidth = slide.scratches > 6 ? 2.5 : 1.2;
      context.beginPath();
      context.moveTo(x, y);
      context.lineTo(x + (random() - 0.5) * 60, y + (random() - 0.2) * 40);
      context.stroke();
    }
    context.fillStyle = 'rgba(0, 0, 0, 0.45)';
    for (let dent = 0; dent < (slide.dents ?? 0); dent += 1) {
      context.beginPath();
      context.arc(phone.x + 30 + random() * 90, phone.y + 90 + random() * 150, 7, 0, Math.PI * 2);
      context.fill();
    }
    context.restore();
    if (slide.chipped) {
      context.fillStyle = '#f4f6f8';
      context.beginPath();
      context.moveTo(phone.x + phone.w, phone.y + phone.h - 40);
      context.lineTo(phone.x + phone.w - 18, phone.y + phone.h - 22);
      context.lineTo(phone.x + phone.w - 6, phone.y + phone.h);
      context.lineTo(phone.x + phone.w + 1, phone.y + phone.h);
      context.fill();
    }
    // The words.
    context.fillStyle = '#0b3d91';
    context.font = 'bold 34px "DejaVu Sans", sans-serif';
    context.fillText(slide.title, 250, 120);
    context.fillStyle = '#1f2a36';
    context.font = '22px "DejaVu Sans", sans-serif';
    wrap(slide.text, 360).forEach((line, number) => context.fillText(line, 250, 170 + number * 32));
    // Where we are: one dot per slide.
    slides.forEach((_, dot) => {
      context.fillStyle = dot === index ? '#0b3d91' : '#b8c2cc';
      context.beginPath();
      context.arc(250 + dot * 22, 320, 6, 0, Math.PI * 2);
      context.fill();
    });
  }

  drawSlide(slides[0], 0);
  const stream = canvas.captureStream(15);
  const recorder = new MediaRecorder(stream, {
    mimeType: 'video/webm;codecs=vp9',
    videoBitsPerSecond: 120_000,
  });
  const parts = [];
  recorder.ondataavailable = (event) => parts.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  const started = performance.now();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      const index = Math.floor(elapsed / slideSeconds);
      if (index >= slides.length) {
        clearInterval(timer);
        resolve();
        return;
      }
      // Redrawn every frame: a canvas stream only emits frames when the canvas changes.
      drawSlide(slides[index], index);
    }, 1000 / 15);
  });
  recorder.stop();
  await stopped;
  // MediaRecorder writes no duration; players then cannot show the length or seek well.
  const fixed = await window.ysFixWebmDuration(
    new Blob(parts, { type: 'video/webm' }),
    slides.length * slideSeconds * 1000,
    { logger: false },
  );
  const bytes = new Uint8Array(await fixed.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `hh:mm:ss.000` of a WebVTT cue. */
function timestamp(seconds) {
  const whole = Math.floor(seconds);
  const hh = String(Math.floor(whole / 3600)).padStart(2, '0');
  const mm = String(Math.floor((whole % 3600) / 60)).padStart(2, '0');
  const ss = String(whole % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}.000`;
}

const captions = [
  'WEBVTT',
  '',
  ...videoSlides.flatMap((slide, index) => [
    String(index + 1),
    `${timestamp(index * format.slideSeconds)} --> ${timestamp((index + 1) * format.slideSeconds)}`,
    `${slide.title}: ${slide.text}`,
    '',
  ]),
].join('\n');

const browser = await launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({
    path: fileURLToPath(import.meta.resolve('fix-webm-duration/fix-webm-duration.js')),
  });
  const video = await page.evaluate(recordInPage, { slides: videoSlides, ...format });
  const bytes = Buffer.from(video, 'base64');
  writeFileSync(new URL('conditions-de.webm', output), bytes);
  writeFileSync(new URL('conditions-de.vtt', output), captions);
  console.info(
    `conditions-de.webm: ${bytes.length} bytes, ${videoSlides.length * format.slideSeconds} s; ` +
      `conditions-de.vtt: ${videoSlides.length} cues`,
  );
} finally {
  await browser.close();
}
