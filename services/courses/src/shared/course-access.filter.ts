import { ArgumentsHost, Catch } from '@nestjs/common';
import { AppError, ErrorFilter } from '@clima/common';
import { coursesError, CoursesError } from '../courses.errors';

/** On the subscriber's course routes, 401 and 403 carry the course screen's own texts (spec section 8). */
@Catch()
export class CourseAccessFilter extends ErrorFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (exception instanceof AppError && exception.status === 401) return super.catch(coursesError(CoursesError.CourseSignedOut), host);
    if (exception instanceof AppError && exception.status === 403) return super.catch(coursesError(CoursesError.SubscriptionRequired), host);
    return super.catch(exception, host);
  }
}
