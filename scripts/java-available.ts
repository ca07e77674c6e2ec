// Exits 0 when the Java on the PATH can run the Firestore and Storage emulators (21 or newer),
// else prints why not and exits 1. `npm test` uses it to choose the full Emulator Suite or the
// Auth emulator alone (where the Firestore/Storage parts skip with their reason).
import { javaProblem, judgeJava, probeJava } from './java-check';

const check = judgeJava(probeJava());
if (check.ok) {
  console.log(`Java ${check.version}: the full Emulator Suite can run.`);
} else {
  console.log(javaProblem(check.found));
  process.exitCode = 1;
}
