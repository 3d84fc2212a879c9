import type { AgreementLocale } from './content-locale'

const operator = 'Huaqian (Shenzhen) Digital Technology Co., Ltd.'

export const agreementsEs: AgreementLocale = {
  clauseLabel: (n) => `Cláusula ${n}.`,
  meta: (version, date) => `Versión ${version} · Vigente desde ${date}`,
  agreements: {
    register: {
      title: 'Acuerdo de registro de usuario',
      intro: `Bienvenido a Huaqian. Este acuerdo se celebra entre usted y ${operator} («nosotros»). Léalo con atención antes de registrarse, en especial las cláusulas que excluyen o limitan responsabilidades. Al pulsar «Acepto» o completar el registro, confirma que lo ha leído y lo acepta íntegramente.`,
      clauses: [
        {
          heading: 'Quién puede registrarse',
          paragraphs: [
            'Debe residir en China continental, ser mayor de 18 años con plena capacidad jurídica y registrarse con un número móvil a su nombre.',
            'Si no cumple estas condiciones, no se registre; podemos cerrar cualquier cuenta que no las cumpla.',
          ],
        },
        {
          heading: 'Su cuenta y su seguridad',
          items: [
            'Inicia sesión con su número móvil y un código de un solo uso enviado por SMS. La cuenta es personal y no puede cederse, prestarse ni venderse.',
            'Proteja su teléfono y sus códigos. Las pérdidas causadas por un código que usted haya revelado corren de su cuenta, salvo culpa nuestra.',
            'Si cree que otra persona usa su cuenta, contacte de inmediato con atención al cliente para bloquearla.',
          ],
        },
        {
          heading: 'Datos recogidos en el registro',
          paragraphs: [
            'Recogemos su número móvil y registramos el identificador del dispositivo, la hora de registro y el canal de origen, para crear la cuenta, prevenir el fraude y elaborar estadísticas. La política de privacidad lo detalla.',
          ],
        },
        {
          heading: 'Cierre de la cuenta',
          paragraphs: [
            'Si no tiene préstamos pendientes, puede pedir el cierre de su cuenta a atención al cliente. Entonces suprimimos o anonimizamos sus datos, salvo los que la ley nos obliga a conservar.',
          ],
        },
      ],
    },
    user: {
      title: 'Acuerdo de servicio al usuario',
      intro: `Este acuerdo establece sus derechos y obligaciones al usar el servicio de información sobre préstamos Huaqian, gestionado por ${operator}. Prestamos servicios técnicos (emparejamiento, formularios, recordatorios de pago) entre usted y entidades financieras autorizadas (los «prestamistas»). No concedemos préstamos nosotros mismos.`,
      clauses: [
        {
          heading: 'El servicio',
          items: [
            'Registro y simulación de su necesidad de préstamo, con la tasa anual equivalente (TAE), la cuota mensual y el total de intereses.',
            'Verificación de identidad, formularios y envío de su solicitud a los prestamistas.',
            'Estado de la decisión, elección de prestamista, firma del contrato y calendario de pagos.',
            'Pagos, cargos automáticos y avisos de pago.',
          ],
        },
        {
          heading: 'Aprobación y desembolso',
          paragraphs: [
            'La aprobación, el límite y el precio del préstamo los decide solo el prestamista según sus propias reglas de crédito. No prometemos ningún resultado y nunca le cobramos nada antes del desembolso.',
            'Quien diga ser de nuestro personal y le pida una transferencia para «desbloquear» un préstamo es un estafador: denúncielo a la policía.',
          ],
        },
        {
          heading: 'Sus obligaciones',
          items: [
            'Facilitar información veraz, exacta, completa y actualizada.',
            'Pagar íntegramente y a tiempo, según su contrato de préstamo.',
            'No usar el servicio para blanquear capitales ni para fines ilícitos; los préstamos no pueden destinarse a comprar vivienda ni a invertir.',
          ],
        },
        {
          heading: 'Cambios en el servicio',
          paragraphs: [
            'Podemos modificar o suspender partes del servicio por motivos comerciales, técnicos o legales, avisándolo antes en la aplicación. Una suspensión no afecta a los contratos ya firmados.',
          ],
        },
      ],
    },
    privacy: {
      title: 'Política de privacidad',
      intro: `${operator} trata sus datos personales conforme a la Ley de Protección de la Información Personal de la República Popular China. Esta política explica qué recogemos, por qué, cómo lo usamos, compartimos y protegemos, y qué derechos tiene usted.`,
      clauses: [
        {
          heading: 'Qué recogemos',
          items: [
            'Cuenta: número móvil y apodo.',
            'Identidad: nombre, número del documento de identidad e imagen facial (tratada solo por el proveedor de verificación, durante la verificación).',
            'Solicitud: importe, plazo y finalidad del préstamo; estudios, estado civil, domicilio, ocupación y tramo de ingresos, patrimonio, contactos de emergencia.',
            'Tarjeta bancaria: número de la tarjeta de débito, banco emisor y móvil registrado en el banco.',
            'Dispositivo: identificador, modelo, sistema operativo, tamaño de pantalla, estado de la red y, con su permiso, ubicación.',
          ],
        },
        {
          heading: 'Cómo los usamos',
          items: [
            'Verificar su identidad, prevenir el fraude y proteger su cuenta.',
            'Enviar su solicitud al prestamista que elija, para su evaluación de crédito.',
            'Desembolsar, cobrar las cuotas y enviarle recordatorios.',
            'Cumplir obligaciones legales como la prevención del blanqueo y la identificación de clientes.',
          ],
        },
        {
          heading: 'Comunicación a terceros',
          paragraphs: [
            'Solo con su consentimiento expreso compartimos con prestamistas, proveedores de verificación y entidades de pago los datos que necesitan para esos fines, bajo acuerdos de protección de datos. Nunca vendemos sus datos ni los hacemos públicos, salvo obligación legal.',
          ],
        },
      ],
    },
    'personal-consent': {
      title: 'Autorización para el tratamiento de datos personales',
      intro: `Yo (el «Autorizante») otorgo libremente a ${operator} la siguiente autorización para solicitar el servicio de información sobre préstamos.`,
      clauses: [
        {
          heading: 'Alcance',
          paragraphs: [
            'El Autorizante acepta que los datos facilitados en la solicitud (identidad, contacto, ocupación e ingresos, patrimonio y dispositivo) se recojan, conserven y utilicen.',
          ],
        },
        {
          heading: 'Finalidades',
          items: [
            'Verificar la identidad del Autorizante y la exactitud de lo facilitado.',
            'Evaluar la necesidad de préstamo y proponer prestamistas adecuados.',
            'Al solicitar un préstamo, facilitar esos datos al prestamista elegido para la evaluación de crédito y la gestión del préstamo.',
          ],
        },
        {
          heading: 'Duración y revocación',
          paragraphs: [
            'Esta autorización surte efecto al marcar la casilla y dura hasta que se liquiden todos los préstamos y se cierre la cuenta. Puede revocarse en cualquier momento; la revocación no afecta al tratamiento ya realizado, pero puede impedir nuevas solicitudes.',
          ],
        },
      ],
    },
    'sensitive-consent': {
      title: 'Autorización para el tratamiento de datos sensibles',
      intro:
        'Su número de identidad, su cuenta bancaria, sus datos faciales y su ubicación precisa son datos sensibles: su filtración podría dañar su dignidad o su patrimonio. Como exige la ley, solo los tratamos con una finalidad concreta, cuando es estrictamente necesario y con su consentimiento expreso.',
      clauses: [
        {
          heading: 'Datos sensibles afectados',
          items: [
            'Número e imágenes del documento de identidad.',
            'Número de la tarjeta de débito y móvil registrado en el banco.',
            'Imágenes faciales y resultado de la prueba de vida.',
            'Ubicación precisa, si la permite.',
          ],
        },
        {
          heading: 'Finalidad y necesidad',
          paragraphs: [
            'Estos datos sirven para confirmar que es usted quien solicita, evitar préstamos a nombre de otra persona, y desembolsar y cobrar. Sin su consentimiento no podemos tramitar una solicitud, pero puede seguir consultando las demás páginas.',
          ],
        },
        {
          heading: 'Medidas de seguridad',
          paragraphs: [
            'Los datos sensibles se cifran en tránsito y en reposo, el acceso es restringido y queda registrado, y se enmascaran en pantalla (solo se muestran los cuatro últimos dígitos de una tarjeta).',
          ],
        },
      ],
    },
    'face-consent': {
      title: 'Autorización para el tratamiento de datos faciales',
      intro: 'Para confirmar que es realmente usted quien solicita, verificamos su identidad mediante reconocimiento facial. Lea lo siguiente antes de decidir.',
      clauses: [
        {
          heading: 'Cómo funciona la verificación',
          paragraphs: [
            'Se le dirige a la página de un proveedor autorizado que le pide parpadear o girar la cabeza. El proveedor compara la imagen captada con la foto de la base de identidad de la seguridad pública y solo nos devuelve «superada» o «no superada».',
          ],
        },
        {
          heading: 'Conservación',
          paragraphs: [
            'No conservamos sus imágenes faciales. El resultado y la hora de la verificación se guardan cinco años tras liquidar el préstamo, como exige la regulación financiera.',
          ],
        },
        {
          heading: 'Alternativa',
          paragraphs: [
            'Si no desea usar el reconocimiento facial, consulte a atención al cliente la verificación manual, que puede alargar el estudio de la solicitud.',
          ],
        },
      ],
    },
    loan: {
      title: 'Información precontractual del préstamo',
      intro: 'Antes de confirmar un préstamo, le informamos de sus principales condiciones y riesgos. Prevalece el contrato firmado con el prestamista.',
      clauses: [
        {
          heading: 'Coste del préstamo',
          paragraphs: [
            'La tasa anual (TAE) mostrada es el coste anual del préstamo a interés simple, con intereses y todas las comisiones incluidos. Se devuelve en cuotas mensuales iguales; la última puede diferir unos fen por redondeo.',
          ],
        },
        {
          heading: 'Si paga tarde',
          items: [
            'Se aplica un recargo del 0,05 % del importe vencido por día, con un máximo del 24 % de ese importe.',
            'Los retrasos se comunican, según la ley, a la base nacional de información crediticia y pueden afectar a futuras solicitudes de crédito.',
            'El prestamista puede contactarle por SMS o teléfono; no contactará con terceros distintos de sus contactos de emergencia.',
          ],
        },
        {
          heading: 'Amortización anticipada',
          paragraphs: ['Puede pagar por adelantado una o varias cuotas, empezando por la más antigua, sin comisión.'],
        },
        {
          heading: 'Pida prestado con responsabilidad',
          paragraphs: [
            'Pida solo lo que necesite y pueda devolver. Los préstamos no pueden destinarse a vivienda, acciones ni otras inversiones.',
          ],
        },
      ],
    },
    form: {
      title: 'Autorización para compartir datos personales',
      intro:
        'Para enviar su solicitud a un prestamista y permitir su evaluación de crédito, debemos compartir parte de los datos que ha introducido. Esta autorización indica con quién, qué y por qué.',
      clauses: [
        {
          heading: 'Destinatarios',
          items: [
            'El prestamista que elija en la página de emparejamiento.',
            'Las agencias de información crediticia autorizadas que evalúan el crédito para ese prestamista.',
          ],
        },
        {
          heading: 'Qué se comparte',
          paragraphs: [
            'Sus datos básicos y de patrimonio, los nombres y móviles de sus contactos de emergencia y su solicitud. Los contactos de emergencia solo se usan para localizarle cuando no responde, nunca para publicidad.',
          ],
        },
        {
          heading: 'Sus contactos de emergencia',
          paragraphs: ['Usted confirma que ha informado a sus contactos de emergencia y obtenido su acuerdo antes de introducir sus datos.'],
        },
      ],
    },
    reward: {
      title: 'Acuerdo de la tarjeta de ventajas',
      intro: `La tarjeta de ventajas de Huaqian (la «tarjeta») la ofrece ${operator}. Comprarla es voluntario: no comprarla no le impide solicitar un préstamo.`,
      clauses: [
        {
          heading: 'Ventajas',
          items: [
            'Revisión prioritaria: su solicitud entra en la cola prioritaria y espera menos.',
            'Mayor tasa de aprobación: dentro de los límites que aceptan los prestamistas, el emparejamiento tiene más éxito, con una tasa de aprobación de referencia de hasta el 85 %.',
            'Ventajas cotidianas: suscripciones de vídeo, comida a domicilio y cupones de viaje, según la página de ventajas.',
          ],
        },
        {
          heading: 'Precio y pago',
          paragraphs: [
            'El precio es el que figura en la página de compra. Se carga una sola vez en su tarjeta de débito vinculada y nunca se renueva automáticamente.',
          ],
        },
        {
          heading: 'Validez y reembolso',
          paragraphs: [
            'La tarjeta es válida durante el periodo indicado desde la compra. Si no ha usado ninguna ventaja y la compró hace menos de siete días, puede pedir el reembolso íntegro; si no, se reembolsa la parte no usada.',
          ],
        },
      ],
    },
    'withhold-agreement': {
      title: 'Autorización de cargo automático',
      intro:
        'Para que pague a tiempo, nos autoriza a nosotros y a nuestras entidades de pago colaboradoras a cargar los importes debidos en su tarjeta de débito vinculada en cada vencimiento.',
      clauses: [
        {
          heading: 'Qué se puede cargar',
          paragraphs: [
            'El principal, los intereses y las comisiones de la cuota según su contrato, las ventajas que decida comprar y, si paga tarde, el recargo. Le avisamos por SMS antes de cada cargo.',
          ],
        },
        {
          heading: 'Cargos fallidos',
          paragraphs: [
            'Si un cargo falla (saldo insuficiente, tarjeta bloqueada), podemos reintentarlo ese mismo día o al siguiente y recordarle que pague usted. Un cargo fallido no le libera de pagar.',
          ],
        },
        {
          heading: 'Cambios y fin',
          paragraphs: [
            'Puede desvincular la tarjeta cuando haya liquidado sus préstamos, o sustituirla en cualquier momento por otra tarjeta de débito a su nombre. Esta autorización termina automáticamente al liquidar todos sus préstamos.',
          ],
        },
      ],
    },
  },
  privacyTail: [
    {
      heading: 'Plazo de conservación',
      paragraphs: [
        'Conservamos los datos solo el tiempo que exige su finalidad. Los datos de un préstamo se guardan cinco años tras su liquidación, el mínimo que exige la regulación financiera; después se suprimen o anonimizan.',
      ],
    },
    {
      heading: 'Sus derechos',
      items: [
        'Acceder a sus datos y obtener una copia.',
        'Rectificar o completar datos inexactos o incompletos.',
        'Obtener su supresión en los casos que prevé la ley.',
        'Retirar su consentimiento, sin efecto sobre el tratamiento ya realizado.',
        'Cerrar su cuenta y obtener una explicación de las decisiones automatizadas.',
      ],
    },
    {
      heading: 'Contacto',
      paragraphs: [
        `Para cualquier pregunta, comentario o reclamación sobre sus datos, contacte con el responsable de protección de datos de ${operator}: privacy@huaqian.example.com, atención al cliente 400-000-0000 (días laborables, 9:00–18:00). Respondemos en quince días laborables.`,
      ],
    },
  ],
  contractTail: [
    {
      heading: 'Ley aplicable y litigios',
      paragraphs: [
        'Este acuerdo se rige por las leyes de la República Popular China (excluidas, a estos efectos, las de Hong Kong, Macao y Taiwán). Las partes intentarán resolver cualquier litigio de forma amistosa; en su defecto, cualquiera puede acudir al tribunal popular competente del domicilio del demandado.',
      ],
    },
    {
      heading: 'Contacto',
      paragraphs: [
        `${operator}, planta 18, Example Tower, subdistrito de Yuehai, distrito de Nanshan, Shenzhen, Guangdong; atención al cliente 400-000-0000; service@huaqian.example.com.`,
      ],
    },
  ],
}
