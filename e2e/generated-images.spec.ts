/**
 * Generated hero images (staff-side.md §3 image keys): a hero shows the
 * generated image of its key when the public config lists one, and its built-in illustration
 * otherwise.
 */
import { expect, test } from './support/test';
import { gotoHydrated } from './support/goto';
import { changePublicConfig } from './support/public-config';

test('heroes use the generated image of their key when the server has one, the built-in graphic otherwise', async ({ page }) => {
  await gotoHydrated(page, '/security-cameras');
  const hero = page.getByTestId('hero-image');
  await expect(hero).toHaveAttribute('src', '/images/heroes/heroCameras.svg');
  await expect(hero).toHaveAttribute('data-generated', 'false');

  // The server's own answer with one generated image added (no other test sees a changed database).
  const generated = { src: '/images/heroes/heroCompare.svg', srcSet: '/images/heroes/heroCompare.svg 1600w', width: 1600, height: 900 };
  await changePublicConfig(page, (config) => ({ ...config, generatedImages: { heroCameras: generated } }));
  await page.reload();
  await expect(hero).toHaveAttribute('src', '/images/heroes/heroCompare.svg');
  await expect(hero).toHaveAttribute('srcset', generated.srcSet);
  await expect(hero).toHaveAttribute('width', '1600');
  await expect(hero).toHaveAttribute('data-generated', 'true');
  // Another page's key is not affected.
  await gotoHydrated(page, '/');
  await expect(page.getByTestId('hero-image')).toHaveAttribute('src', '/images/heroes/heroHome.svg');
});
