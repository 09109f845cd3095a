/**
 * Birth years for tests whose members must meet only each other: candidates for the swipe game
 * and the match finder are chosen by age, and on PostgreSQL every test file shares one
 * database. Each file takes a band of centuries of its own and each test a slot of `width`
 * years in it, wider than the age spread, so the members that fit a test's member are the ones
 * it made. The first slot is random, so a rerun on a kept database seldom meets earlier runs;
 * the slots then follow it round the band, so a file may draw every slot once wherever it
 * starts.
 */
export function birthEras(band: { from: number; to: number }, width: number) {
  const slots = Math.floor((band.to - band.from) / width);
  const first = Math.floor(Math.random() * slots);
  let drawn = 0;
  return function nextBirthYear() {
    if (drawn >= slots) throw new Error("birthEras: every slot of the band is used; widen it");
    const slot = (first + drawn) % slots;
    drawn += 1;
    return band.from + slot * width;
  };
}
