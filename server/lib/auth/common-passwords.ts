// Passwords of 8+ characters that top the published lists of leaked passwords; shorter ones fail the length rule anyway.
const commonPasswords = new Set(
  `password 12345678 123456789 1234567890 12345678910 qwertyuiop qwerty123 qwerty1234 password1 password12 password123
  password1234 iloveyou iloveyou1 sunshine sunshine1 princess princess1 football football1 baseball baseball1 welcome1
  welcome123 abc12345 abcd1234 abcdefgh 11111111 22222222 33333333 55555555 66666666 77777777 88888888 99999999 00000000
  12341234 87654321 98765432 987654321 123123123 123321123 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qaz2wsx3edc zaq12wsx qazwsxedc
  q1w2e3r4 q1w2e3r4t5 asdfghjk asdfghjkl zxcvbnm1 zxcvbnm123 letmein1 letmein123 trustno1 trustno123 starwars starwars1
  whatever whatever1 dragon12 master12 monkey12 football123 superman batman123 computer internet michelle jennifer
  jessica1 charlie1 shadow12 freedom1 passw0rd p@ssw0rd p@ssword pa55word passpass changeme changeme1 secret123
  administrator admin123 admin1234 adminadmin rootroot test1234 testtest 1234qwer qwer1234 asdf1234 zxcv1234
  mustang1 liverpool chelsea1 arsenal1 manchester 123abc123 aa123456 a1234567 a12345678 abc123456 qwertyu1 qwerty12
  iloveyou2 lovelove loveyou1 babygirl1 pokemon1 minecraft fortnite1 cheese12 chocolate butterfly basketball
  soccer123 hockey12 summer2024 summer2025 summer2026 winter2025 winter2026 spring2026 autumn2026 january1 november1
  december1 hello123 hello1234 hellohello goodluck1 sunflower rainbow1 cookie12 pepper12 ginger12 purple12 orange12
  blink182 myspace1 linkedin facebook1 google123 tickets1 tickets123 admit123 admit1234 event123 concert1`
    .split(/\s+/)
    .filter(Boolean),
);

export function isCommonPassword(lowercasePassword: string): boolean {
  return commonPasswords.has(lowercasePassword);
}
