/**
 * Birth years for tests whose members must meet only each other: candidates for the swipe game
 * and the match finder are chosen by age, and on PostgreSQL every test file shares one
 * database. Each file takes a band of centuries of its own and each test a slot of `width`
 * years in it, wider than the age spread, so the members that fit a test's member are the ones
 * it made. The first slot is random, so a rerun on a kept database seldom meets earlier runs.
 */
export function birthEras(band: { from: number; to: number }, width: number) {
  const slots = Math.floor((band.to - band.from) / width);
  let slot = Math.floor((Math.random() * slots) / 2);
  return function nextBirthYear() {
    slot += 1;
    if (slot >= slots) throw new Error("birthEras: the band is used up; widen it");
    return band.from + slot * width;
  };
}
