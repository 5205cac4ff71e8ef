import { CoursesSchema1730000000000 } from './1730000000000-courses-schema';
import { LessonWatch1765000000000 } from './1765000000000-lesson-watch';
import { Certificates1795600000000 } from './1795600000000-certificates';
import { CertificatePdf1796000000000 } from './1796000000000-certificate-pdf';
import { CertificateWorkloadMinutes1796100000000 } from './1796100000000-certificate-workload-minutes';
import { Quizzes1810000000001 } from './1810000000001-quizzes';
import { LessonQuestions1820000000001 } from './1820000000001-lesson-questions';
import { VideoDurations1840000000001 } from './1840000000001-video-durations';

/** Every migration of this service, in order. */
export const migrations = [
  CoursesSchema1730000000000,
  LessonWatch1765000000000,
  Certificates1795600000000,
  CertificatePdf1796000000000,
  CertificateWorkloadMinutes1796100000000,
  Quizzes1810000000001,
  LessonQuestions1820000000001,
  VideoDurations1840000000001,
];
