/**
 * A small built-in list of the most common and most breached passwords (ASVS 5.0 V6.2.4 asks for a
 * check against at least the top 3000 that fit the length rule; this list is the start of one and
 * the place to extend it). Lower-case; the check lower-cases the candidate. Passwords shorter than
 * the minimum length are left out, the length rule refuses them already.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'p@ssword1',
  '12345678', '123456789', '1234567890', '0123456789', '87654321', '11111111', '00000000', '88888888', '66666666',
  '12341234', '11223344', '1q2w3e4r', '1q2w3e4r5t', 'qwertyuiop', 'qwerty123', 'qwerty12', 'qwertyui', 'asdfghjkl',
  'zxcvbnm1', 'abcd1234', 'abc12345', 'abcdefgh', 'aa123456', 'a1234567', 'iloveyou', 'iloveyou1', 'sunshine',
  'princess', 'football', 'baseball', 'welcome1', 'welcome123', 'admin123', 'admin1234', 'administrator', 'letmein1',
  'trustno1', 'superman', 'starwars', 'whatever', 'computer', 'michelle', 'jennifer', 'qazwsxedc', '1qaz2wsx',
  '1qaz2wsx3edc', 'zaq12wsx', 'q1w2e3r4', 'q1w2e3r4t5', 'changeme', 'changeme1', 'default1', 'internet', 'samsung1',
  'woaini1314', '5201314520', 'woaini520', 'aini1314', 'qq123456', 'wang1234', 'li123456', 'zhang123',
  'demo@2026', 'demo2026', 'supplier', 'supplier1', 'supplier123', 'test1234', 'testtest', 'test@123', 'admin@123',
  'root1234', 'master12', 'monkey12', 'dragon12', 'shadow12', 'mustang1', 'michael1', 'passpass', 'pass1234',
  'hello123', 'hello1234', 'secret12', 'secret123', 'summer2024', 'summer2025', 'summer2026', 'winter2025', 'winter2026',
  'spring2026', 'autumn2026', 'company1', 'company123',
]);
