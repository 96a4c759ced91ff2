import { expect } from 'chai';
import { parsePhotoFileName, photoUrl } from '../../server/services/media/photo-urls.js';

describe('photo urls', () => {
  const key = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  it('builds variant urls under the cdn prefix', () => {
    expect(photoUrl('/media/', key, 'thumb')).to.equal(`/media/${key}_thumb.jpg`);
    expect(photoUrl('/media', key, 'blur')).to.equal(`/media/${key}_blur.jpg`);
  });
  it('parses only generated names', () => {
    expect(parsePhotoFileName(`${key}.jpg`)).to.deep.equal({ fileKey: key, variant: 'full' });
    expect(parsePhotoFileName(`${key}_blur.jpg`)).to.deep.equal({ fileKey: key, variant: 'blur' });
    expect(parsePhotoFileName('../../etc/passwd')).to.equal(undefined);
    expect(parsePhotoFileName(`${key}.png`)).to.equal(undefined);
  });
});
